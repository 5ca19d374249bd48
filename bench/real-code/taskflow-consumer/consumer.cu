// Uses an installed Taskflow's GPU algorithms (tf::cudaGraph for_each,
// for_each_index, transform) with this project's own extended lambdas, and
// checks the results on the host. Prints one line per check and exits 1 on
// a wrong result.
#include <taskflow/taskflow.hpp>
#include <taskflow/cuda/cudaflow.hpp>
#include <taskflow/cuda/algorithm/for_each.hpp>
#include <taskflow/cuda/algorithm/transform.hpp>

#include <cstdio>

namespace {

template <typename T>
T* managed(int n) {
  T* p = nullptr;
  if (cudaMallocManaged(&p, n * sizeof(T)) != cudaSuccess) {
    std::printf("cudaMallocManaged failed\n");
    std::exit(2);
  }
  return p;
}

void run(tf::cudaGraph& graph) {
  tf::cudaStream stream;
  tf::cudaGraphExec exec(graph);
  stream.run(exec).synchronize();
}

bool check(const char* what, bool ok, double value) {
  std::printf("%-28s %s (%.1f)\n", what, ok ? "OK" : "WRONG", value);
  return ok;
}

// A kernel's work spelled as a template, as library users write it.
template <typename T>
bool scaled_sum(int n, T scale) {
  T* x = managed<T>(n);
  T* y = managed<T>(n);
  tf::cudaGraph graph;
  graph.for_each_index(0, n, 1, [=] __device__ (int i) { x[i] = T(i); });
  run(graph);
  tf::cudaGraph second;
  second.transform(x, x + n, y, [scale] __device__ (T v) { return v * scale; });
  run(second);
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += y[i];
  cudaFree(x);
  cudaFree(y);
  double want = double(scale) * n * (n - 1) / 2;
  return check("transform(scaled)", sum == want, sum);
}

} // namespace

int main() {
  const int n = 4096;
  bool ok = true;

  int* a = managed<int>(n);
  tf::cudaGraph fill;
  fill.for_each_index(0, n, 1, [a] __device__ (int i) { a[i] = 3 * i; });
  run(fill);
  long sum = 0;
  for (int i = 0; i < n; ++i) sum += a[i];
  ok &= check("for_each_index", sum == 3L * n * (n - 1) / 2, double(sum));

  tf::cudaGraph bump;
  const int offset = 7;
  bump.for_each(a, a + n, [=] __device__ (int& v) { v += offset; });
  run(bump);
  sum = 0;
  for (int i = 0; i < n; ++i) sum += a[i];
  ok &= check("for_each", sum == 3L * n * (n - 1) / 2 + 7L * n, double(sum));

  float* b = managed<float>(n);
  tf::cudaGraph both;
  both.transform(a, a + n, a, b, [] __device__ (int u, int v) { return float(u + v) * 0.5f; });
  run(both);
  double fsum = 0;
  for (int i = 0; i < n; ++i) fsum += b[i];
  ok &= check("transform(two inputs)", fsum == double(sum), fsum);

  ok &= scaled_sum<double>(n, 2.5);
  ok &= scaled_sum<int>(n, 3);

  cudaFree(a);
  cudaFree(b);
  std::printf("taskflow consumer: %s\n", ok ? "OK" : "FAILED");
  return ok ? 0 : 1;
}

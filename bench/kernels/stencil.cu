// stencil.cu - a 2-D 5-point Jacobi sweep over a 4096 x 4096 grid whose device
// lambda captures a struct of coefficients and an array of weights, rebuilt
// every iteration with the buffers swapped.
#include "timing.cuh"

struct Coefficients {
  int nx, ny;
  float centre, scale;
};

int main() {
  const int nx = 4096, ny = 4096;
  const long cells = long(nx) * ny;
  float *a = nullptr, *b = nullptr;
  BENCH_CHECK(cudaMalloc(&a, cells * sizeof(float)));
  BENCH_CHECK(cudaMalloc(&b, cells * sizeof(float)));
  fillPattern<<<unsigned((cells + 255) / 256), 256>>>(a, cells, 7, 32);
  fillPattern<<<unsigned((cells + 255) / 256), 256>>>(b, cells, 7, 32);

  Coefficients c{nx, ny, 0.5f, 0.125f};
  float weights[4] = {1.0f, 1.0f, 1.0f, 1.0f}; // west, east, south, north
  dim3 block(32, 8), grid((nx + 31) / 32, (ny + 7) / 8);
  float *src = a, *dst = b;
  int reps = benchReps(30);
  auto ms = timeRuns([&] {
    auto sweep = [=] __device__ (int x, int y) {
      long at = long(y) * c.nx + x;
      float around = weights[0] * src[at - 1] + weights[1] * src[at + 1] +
                     weights[2] * src[at - c.nx] + weights[3] * src[at + c.nx];
      dst[at] = c.centre * src[at] + c.scale * around;
    };
    forEachPoint<<<grid, block>>>(sweep, c.nx, c.ny);
    std::swap(src, dst);
  }, 2, reps);

  std::vector<float> host(cells);
  BENCH_CHECK(cudaMemcpy(host.data(), src, cells * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0;
  for (long i = 0; i < cells; i += 101)
    sum += host[i];
  report("stencil", ms, sum);
  BENCH_CHECK(cudaFree(a));
  BENCH_CHECK(cudaFree(b));
  return 0;
}

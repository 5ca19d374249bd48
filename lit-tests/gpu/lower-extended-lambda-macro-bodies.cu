// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// Lambdas written whole in macro bodies, as loop macros of portability
// layers write them: a variadic body argument, one argument written into a
// device lambda and a host one (both paths run), a braced block after
// `noexcept`, members through an implicit `this`, a use inside another
// macro's argument, two device lambdas in one use, an object-like macro
// that is the lambda, a function template, std::fmin rewritten inside the
// copied argument, and macros that forward to the one writing the lambda
// (a flag form with a host loop, and a `mutable` lambda). Each use is expanded one level when lowered; every
// result is checked against the host.
#include <cmath>
#include <cstdio>

template <class F> __global__ void each_kernel(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}
template <class F> void each(int n, F f) {
  each_kernel<<<(n + 127) / 128, 128>>>(n, f);
}
template <class D, class H> void each_either(bool gpu, int n, D d, H h) {
  if (gpu)
    each(n, d);
  else
    for (int i = 0; i < n; ++i)
      h(i);
}
template <class F, class G> void each_both(int n, F f, G g) {
  each(n, f);
  each(n, g);
}

#define LOOP_DEVICE __device__
#define FORALL(i, n, ...) each(n, [=] LOOP_DEVICE (int i) { __VA_ARGS__ })
#define FORALL_EITHER(gpu, i, n, ...)                                   \
  each_either(gpu, n, [=] LOOP_DEVICE (int i) { __VA_ARGS__ },          \
              [&] (int i) { __VA_ARGS__ })
#define FOR_1D(n, i, block) each(n, [=] LOOP_DEVICE (int i) noexcept block)
#define FORALL_TWICE(i, n, ...)                                         \
  each_both(n, [=] __device__ (int i) { __VA_ARGS__ },                  \
            [=] __host__ __device__ (int i) { __VA_ARGS__ })
#define FOR_1D_FLAG(gpu, n, i, block)                                   \
  { if (gpu) { each(n, [=] LOOP_DEVICE (int i) noexcept block); }       \
    else { for (int i = 0; i < n; ++i) block } }
#define HOST_DEVICE_FOR_1D(n, i, block) FOR_1D_FLAG(true, n, i, block)
#define HOST_FOR_1D(n, i, block) FOR_1D_FLAG(false, n, i, block)
#define COUNTING_FORALL(i, n, ...) COUNTING_FORALL_K(i, n, 128, __VA_ARGS__)
#define COUNTING_FORALL_K(i, n, B, ...)                                 \
  each(n, [=] __device__ (int i) mutable { int calls = 0; __VA_ARGS__ })
#define CHECKED(x) do { x; if (cudaGetLastError() != cudaSuccess) return 1; } while (0)
#define BUMP [=] __device__ (int i) { c[i] += 1; }
#define LAUNCH(n, f) each(n, f)

constexpr int N = 1000;

struct Scale {
  float factor;
  float *data;
  void apply(int n) { FORALL(i, n, data[i] *= factor;); }
};

template <class T> int ramp(T *out, T step) {
  CHECKED(FORALL(i, N, out[i] = step * T(i);));
  return 0;
}

int main() {
  float *a, *b;
  int *c;
  double *d;
  cudaMallocManaged(&a, N * sizeof(float));
  cudaMallocManaged(&b, N * sizeof(float));
  cudaMallocManaged(&c, N * sizeof(int));
  cudaMallocManaged(&d, N * sizeof(double));
  float hi = 600.0f;

  FORALL(i, N,
         a[i] = 2.0f * i;
         b[i] = 1.0f;
         c[i] = i % 7;);
  FORALL_EITHER(true, k, N, a[k] = std::fmin(a[k], hi););
  cudaDeviceSynchronize();
  FORALL_EITHER(false, k, N, b[k] += a[k];);
  FOR_1D(N, j, {
    if (j % 2 == 0)
      b[j] *= 0.5f;
  });
  // In managed memory: the lambda's implicit `this` is dereferenced on the
  // device in the original (a host stack object would not be reachable).
  Scale *s;
  cudaMallocManaged(&s, sizeof(Scale));
  *s = Scale{3.0f, b};
  s->apply(N);
  FORALL_TWICE(i, N, c[i] += 10;);
  LAUNCH(N, BUMP);
  HOST_DEVICE_FOR_1D(N, j, { d[j] = 0.0; });
  cudaDeviceSynchronize();
  HOST_FOR_1D(N, j, { c[j] -= 5; });
  COUNTING_FORALL(i, N, calls += 2; c[i] += 5 * calls;);
  if (ramp(d, 0.25))
    return 1;
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("kernel failed\n");
    return 1;
  }

  int bad = 0;
  double sum = 0;
  for (int i = 0; i < N; ++i) {
    float ai = 2.0f * i < hi ? 2.0f * i : hi;
    float bi = (1.0f + ai) * (i % 2 == 0 ? 0.5f : 1.0f) * 3.0f;
    bad += a[i] != ai;
    bad += b[i] != bi;
    bad += c[i] != i % 7 + 20 + 1 - 5 + 10;
    bad += d[i] != 0.25 * i;
    sum += a[i] + b[i] + c[i] + d[i];
  }
  printf("sum %.3f, %d wrong\n", sum, bad);
  return bad != 0;
}

// REQUIRES: gpu
// RUN: %cuda-lower %s > %t.cu && %gpu-diff %s %t.cu
// Two patterns of tiny-cuda-nn, lowered, must compute what the originals
// compute: init-captures from dependent expressions in a class template's
// member (`[out = output->data() + k]`, typed by decltype at the
// construction), and a kernel template that calls an overload declared only
// under __CUDA_ARCH__ (which Clang's host pass instantiates and nvcc's does
// not).
#include <cstdio>
#include <cuda_fp16.h>

template <class F> __global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <class T> struct matrix {
  T *ptr;
  int rows, cols;
  __host__ __device__ T *data() const { return ptr; }
  int n() const { return rows * cols; }
};

template <class T> struct padding_layer {
  unsigned m_pad = 3;
  float m_value = 1.5f;
  void forward(const matrix<T> *output, int offset) const {
    each<<<(output->n() + 127) / 128, 128>>>(output->n() - offset,
        [out = output->data() + offset, pad = m_pad, v = m_value * T(2)] __device__ (int i) {
      out[i] = v * T(i % pad);
    });
  }
};

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
__device__ void accumulate(__half *p, __half v) { atomicAdd(p, v); }
#endif
__device__ void accumulate(float *p, float v) { atomicAdd(p, v); }

template <class T, class F> __global__ void gather(int n, T *sum, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    accumulate(sum, f(i));
}

int main() {
  const int n = 512;
  float *f;
  cudaMallocManaged(&f, n * sizeof(float));
  cudaMemset(f, 0, n * sizeof(float));
  matrix<float> m{f, 16, 32};
  padding_layer<float>{}.forward(&m, 7);
  __half *h;
  cudaMallocManaged(&h, 2 * sizeof(__half));
  h[0] = h[1] = __float2half(0.0f);
  float scale = 0.25f;
  gather<<<(n + 127) / 128, 128>>>(n, h, [=] __device__ (int i) { return __float2half(scale * (i % 4)); });
  gather<<<(n + 127) / 128, 128>>>(n, f + n - 1, [=] __device__ (int i) { return scale; });
  cudaDeviceSynchronize();
  double total = 0;
  for (int i = 0; i < n - 8; ++i)
    total += f[i];
  printf("padded %.2f first %.1f %.1f %.1f half-sum %.2f last %.2f\n", total, f[7], f[8], f[9],
         __half2float(h[0]), f[n - 1]);
  bool ok = f[8] == 3.0f && __half2float(h[0]) == 192.0f && f[n - 1] == 128.0f;
  return ok ? 0 : 1;
}

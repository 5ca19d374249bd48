// REQUIRES: gpu
// GPU-SELF-CHECK: nvcc rejects the original or it computes wrong results; the rewrite checks itself
// GPU-LOWER-ARGS: --rules=exec-space-host-variable
// RUN: %cuda-lower --rules=exec-space-host-variable %s > %t.cu
// RUN: %nvcc -o %t.bin %t.cu
// RUN: %t.bin
//
// Device code indexes host constexpr tables and takes the address of a host
// constexpr variable (§5.3.11.4). nvcc rejects the original with any flags
// (hence no differential run); the same uses inside a host constexpr function
// that device code calls compile under --expt-relaxed-constexpr into a trap
// ("unspecified launch failure" on an H200). The rewrite gives each variable
// a __device__ definition in the device pass and must read the same values on
// the GPU as the host reads from its own copy.
#include <cstdio>

constexpr int kLut[] = {3, 1, 4, 1, 5, 9, 2, 6};
namespace weights {
inline constexpr float kTaps[] = {0.25f, 0.5f, 0.25f};
}
constexpr int kBias = 7;
const double kScales[] = {0.5, 2.0};

__host__ __device__ float filtered(int i) {
  float acc = 0.0f;
  for (int k = 0; k < 3; ++k)
    acc += weights::kTaps[k] * static_cast<float>(kLut[(i + k) % 8]);
  return acc;
}

__global__ void compute(float *out, const int **bias, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = filtered(i) * static_cast<float>(kScales[i % 2]);
  if (i == 0)
    *bias = &kBias;
}

__global__ void readBias(const int *const *bias, int *value) { *value = **bias; }

int main() {
  const int n = 64;
  float *out = nullptr;
  const int **bias = nullptr;
  int *value = nullptr;
  if (cudaMallocManaged(&out, n * sizeof(float)) != cudaSuccess ||
      cudaMallocManaged(&bias, sizeof(int *)) != cudaSuccess ||
      cudaMallocManaged(&value, sizeof(int)) != cudaSuccess) {
    std::printf("allocation failed\n");
    return 2;
  }
  compute<<<1, n>>>(out, bias, n);
  readBias<<<1, 1>>>(bias, value);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("kernel failed\n");
    return 2;
  }
  int wrong = *value != kBias;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != filtered(i) * static_cast<float>(kScales[i % 2]);
  std::printf("bias %d, %d wrong\n", *value, wrong);
  return wrong == 0 ? 0 : 1;
}

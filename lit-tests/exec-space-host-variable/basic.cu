// RUN: %check_cuda_lower --match-full-lines --strict-whitespace %s exec-space-host-variable %t

// The guide's examples (§5.3.10.4.2, §5.3.11.4), with the lines it marks
// ERROR enabled.
const int ConstVar = 10;
// CHECK-FIXES:#ifdef __CUDA_ARCH__
// CHECK-FIXES-NEXT:__device__
// CHECK-FIXES-NEXT:#endif
// CHECK-FIXES-NEXT:const int ConstVar = 10;
const float ConstFloatVar = 5.0f;
// CHECK-FIXES:const float ConstFloatVar = 5.0f;
constexpr int ConstexprVar = 4;
// CHECK-FIXES:#ifdef __CUDA_ARCH__
// CHECK-FIXES-NEXT:__device__
// CHECK-FIXES-NEXT:#endif
// CHECK-FIXES-NEXT:constexpr int ConstexprVar = 4;
struct MyStruct {
  static constexpr int ConstexprVar = 100;
  int tag = 7;
};
constexpr MyStruct my_struct = MyStruct{};
constexpr int array[] = {1, 2, 3};
// CHECK-FIXES:#ifdef __CUDA_ARCH__
// CHECK-FIXES-NEXT:__device__
// CHECK-FIXES-NEXT:#endif
// CHECK-FIXES-NEXT:constexpr int array[] = {1, 2, 3};

// get_value(idx) makes nvcc compile the array access for the device.
__device__ constexpr int get_value(int idx) { return array[idx]; }
// CHECK-MESSAGES: [[@LINE-1]]:54: warning: device code indexes the host array 'array'; only constant expressions may use host arrays (§5.3.11.4) [exec-space-host-variable]
// CHECK-MESSAGES: basic.cu:[[@LINE-2]]:26: note: 'foo' calls 'get_value' with arguments that are not constant
// CHECK-MESSAGES: basic.cu:22:15: note: 'array' declared here

__device__ int foo(int idx) {
  const float var1 = ConstFloatVar;
  const int *var5 = &ConstVar;
  // CHECK-MESSAGES: [[@LINE-1]]:22: warning: device code takes the address of, or a reference to, the host variable 'ConstVar' (§5.3.10.4.2, §5.3.11.4) [exec-space-host-variable]
  // CHECK-MESSAGES: basic.cu:5:11: note: 'ConstVar' declared here
  int v1 = ConstexprVar;
  int v2 = MyStruct::ConstexprVar;
  const int &v3 = ConstexprVar;
  // CHECK-MESSAGES: [[@LINE-1]]:19: warning: device code takes the address of, or a reference to, the host variable 'ConstexprVar' (§5.3.10.4.2, §5.3.11.4) [exec-space-host-variable]
  // CHECK-MESSAGES: basic.cu:12:15: note: 'ConstexprVar' declared here
  const int *v4 = &ConstexprVar;
  // CHECK-MESSAGES: [[@LINE-1]]:20: warning: device code takes the address of, or a reference to, the host variable 'ConstexprVar' (§5.3.10.4.2, §5.3.11.4) [exec-space-host-variable]
  // CHECK-MESSAGES: basic.cu:12:15: note: 'ConstexprVar' declared here
  int v5 = get_value(2);
  int v6 = get_value(idx);
  int v7 = array[2];
  // CHECK-MESSAGES: [[@LINE-1]]:12: warning: device code indexes the host array 'array'; only constant expressions may use host arrays (§5.3.11.4) [exec-space-host-variable]
  // CHECK-MESSAGES: basic.cu:22:15: note: 'array' declared here
  MyStruct v8 = my_struct;
  return static_cast<int>(var1) + *var5 + v1 + v2 + v3 + *v4 + v5 + v6 + v7 +
         v8.tag;
}

// A const variable of class type: only built-in integral and floating-point
// const variables may be read in device code; constexpr lifts that limit.
struct Coeffs {
  float scale, bias;
};
const Coeffs kCoeffs = {2.0f, 0.5f};
// CHECK-FIXES:constexpr Coeffs kCoeffs = {2.0f, 0.5f};
__device__ float affine(float x) { return kCoeffs.scale * x + kCoeffs.bias; }
// CHECK-MESSAGES: [[@LINE-1]]:43: warning: device code reads the const host variable 'kCoeffs'; only const variables of built-in integral and floating-point types may be read there (§5.3.10.4.2) [exec-space-host-variable]
// CHECK-MESSAGES: basic.cu:62:14: note: 'kCoeffs' declared here
// CHECK-MESSAGES: [[@LINE-3]]:63: warning: device code reads the const host variable 'kCoeffs'; only const variables of built-in integral and floating-point types may be read there (§5.3.10.4.2) [exec-space-host-variable]
// CHECK-MESSAGES: basic.cu:62:14: note: 'kCoeffs' declared here

// A host constexpr function that device code calls runs on the device under
// --expt-relaxed-constexpr, so its uses of host variables count too.
namespace tables {
  constexpr float kWeights[] = {0.25f, 0.5f, 0.25f};
// CHECK-FIXES:#ifdef __CUDA_ARCH__
// CHECK-FIXES-NEXT:  __device__
// CHECK-FIXES-NEXT:#endif
// CHECK-FIXES-NEXT:  constexpr float kWeights[] = {0.25f, 0.5f, 0.25f};
  inline constexpr int kOffsets[] = {-1, 0, 1};
// CHECK-FIXES:#ifdef __CUDA_ARCH__
// CHECK-FIXES-NEXT:  static __device__
// CHECK-FIXES-NEXT:#endif
// CHECK-FIXES-NEXT:  inline constexpr int kOffsets[] = {-1, 0, 1};
} // namespace tables
__host__ __device__ constexpr float weight(int i) { return tables::kWeights[i]; }
// CHECK-MESSAGES: [[@LINE-1]]:68: warning: device code indexes the host array 'kWeights'; only constant expressions may use host arrays (§5.3.11.4) [exec-space-host-variable]
// CHECK-MESSAGES: basic.cu:[[@LINE-2]]:37: note: 'smooth' calls 'weight' with arguments that are not constant
// CHECK-MESSAGES: basic.cu:73:19: note: 'kWeights' declared here

// Macro case: the declaration and the use both come from macros.
#define DECLARE_LUT(name) constexpr unsigned char name[] = {3, 1, 4, 1, 5}
#define LOOKUP(lut, i) lut[(i) % 5]
DECLARE_LUT(kDigits);
// CHECK-FIXES:#ifdef __CUDA_ARCH__
// CHECK-FIXES-NEXT:__device__
// CHECK-FIXES-NEXT:#endif
// CHECK-FIXES-NEXT:DECLARE_LUT(kDigits);
__device__ int digit(int i) { return LOOKUP(kDigits, i); }
// CHECK-MESSAGES: [[@LINE-1]]:45: warning: device code indexes the host array 'kDigits'; only constant expressions may use host arrays (§5.3.11.4) [exec-space-host-variable]
// CHECK-MESSAGES: basic.cu:92:13: note: 'kDigits' declared here

// Template case: the pattern's use is reported once, for every instantiation.
template <int N> __global__ void smooth(const float *in, float *out) {
  float acc = 0.0f;
  for (int k = 0; k < N; ++k)
    acc += weight(k) * in[threadIdx.x + tables::kOffsets[k] + 1];
  // CHECK-MESSAGES: [[@LINE-1]]:49: warning: device code indexes the host array 'kOffsets'; only constant expressions may use host arrays (§5.3.11.4) [exec-space-host-variable]
  // CHECK-MESSAGES: basic.cu:78:24: note: 'kOffsets' declared here
  out[threadIdx.x] = acc + affine(digit(N));
}
template __global__ void smooth<3>(const float *, float *);
template __global__ void smooth<2>(const float *, float *);

// No match: value reads of scalars, constant and unevaluated contexts, and
// host code.
constexpr int kBlock = 128;
// CHECK-FIXES:constexpr int kBlock = 128;
constexpr int kSizes[] = {32, 64};
// CHECK-FIXES:constexpr int kSizes[] = {32, 64};
__global__ void fill(int *out) {
  constexpr int Second = kSizes[1];
  int local[kSizes[0]] = {};
  out[threadIdx.x] = kBlock + Second + sizeof(kSizes) + local[0];
}
int host_sum() { return kSizes[0] + array[1] + ConstexprVar; }

// No match: in a template, a conversion such as T(kHalf) is only known per
// instantiation, where it is a read.
constexpr float kHalf = 0.5f;
// CHECK-FIXES:constexpr float kHalf = 0.5f;
template <typename T> __device__ T halve(T x) { return x * T(kHalf); }
__global__ void halve_all(float *f, double *d) {
  f[0] = halve(f[0]);
  d[0] = halve(d[0]);
}

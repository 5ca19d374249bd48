// std classes that cross an interface. A kernel parameter of type
// std::array<T, N> or std::pair<A, B> becomes the cuda::std class, with the
// conversion at each launch (host code keeps its std type). A std class that
// flows into a parameter or return that stays std (a __host__ __device__
// function's) is not rewritten, and the rule says why; verification then
// reports what still needs --expt-relaxed-constexpr.
// RUN: %check_cuda_lower %s std-to-cuda-std %t
// RUN: %check_cuda_lower --check-suffix=REFUSED --expect-exit=1 --no-compile %s std-to-cuda-std %t.refused -- -- -DREFUSED
// With RewriteInterfaceTypes=true the launches are converted all the same
// (the option rewrites interfaces, not what host code passes a kernel).
// RUN: %strip-checks %s > %t.opt.cu
// RUN: %cuda-lower --rules=std-to-cuda-std --rule-option std-to-cuda-std.RewriteInterfaceTypes=true %t.opt.cu > %t.opt.out.cu 2> %t.opt.err
// RUN: FileCheck %s --input-file=%t.opt.out.cu --check-prefix=CHECK-OPT
// RUN: %nvcc -x cu -c %t.opt.out.cu -o %t.opt.o
// CHECK-OPT: poly<<<1, 1>>>(nullptr, nullptr, cuda::std::array<float, 3>{c[0], c[1], c[2]});
#include <array>
#include <tuple>
#include <utility>

__global__ void poly(const float *x, float *y, std::array<float, 3> c);
// CHECK-MESSAGES: :[[@LINE-1]]:48: warning: 'std::array' in a kernel parameter rewritten to 'cuda::std::array', and the argument converted element by element at its 2 launches: host code keeps its std type [std-to-cuda-std]
// CHECK-FIXES: __global__ void poly(const float *x, float *y, cuda::std::array<float, 3> c);
// CHECK-MESSAGES-REFUSED: :[[@LINE-3]]:48: warning: 'std::array' in a kernel parameter rewritten to 'cuda::std::array', and the argument converted element by element at its 2 launches: host code keeps its std type [std-to-cuda-std]

__global__ void poly(const float *x, float *y, std::array<float, 3> c) {
// CHECK-MESSAGES: :[[@LINE-1]]:48: warning: 'std::array' in a kernel parameter rewritten to 'cuda::std::array'
// CHECK-FIXES: __global__ void poly(const float *x, float *y, cuda::std::array<float, 3> c) {
// CHECK-FIXES-REFUSED: __global__ void poly(const float *x, float *y, cuda::std::array<float, 3> c) {
// CHECK-MESSAGES-REFUSED: :[[@LINE-4]]:48: warning: 'std::array' in a kernel parameter rewritten to 'cuda::std::array'
  int i = threadIdx.x;
  y[i] = c[0] + x[i] * (c[1] + x[i] * c[2]) + float(c.size());
}

__global__ void span_of(std::pair<int, float> r, float *y) { y[r.first] = r.second + std::get<1>(r); }
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'std::pair' in a kernel parameter rewritten to 'cuda::std::pair', and the argument converted element by element at its launch
// CHECK-MESSAGES: :[[@LINE-2]]:86: warning: use 'cuda::std::get' instead of 'std::get' in device code [std-to-cuda-std]
// CHECK-FIXES: __global__ void span_of(cuda::std::pair<int, float> r, float *y) { y[r.first] = r.second + cuda::std::get<1>(r); }
// CHECK-MESSAGES-REFUSED: :[[@LINE-4]]:25: warning: 'std::pair' in a kernel parameter rewritten to 'cuda::std::pair', and the argument converted element by element at its launch
// CHECK-MESSAGES-REFUSED: :[[@LINE-5]]:86: warning: use 'cuda::std::get' instead of 'std::get' in device code [std-to-cuda-std]

struct tag {};
// Device-only code: its signature is rewritten with its callers.
template <class P, class... S> __device__ int rank_d(int x, const std::tuple<P, S...> &) { return x + int(sizeof...(S)); }
// CHECK-MESSAGES: :[[@LINE-1]]:67: warning: use 'cuda::std::tuple' instead of 'std::tuple' in device code [std-to-cuda-std]
// CHECK-MESSAGES-REFUSED: :[[@LINE-2]]:67: warning: use 'cuda::std::tuple' instead of 'std::tuple' in device code [std-to-cuda-std]
__device__ int use_d() { return rank_d(3, std::tuple<tag, tag>()); }
// CHECK-MESSAGES: :[[@LINE-1]]:43: warning: use 'cuda::std::tuple' instead of 'std::tuple' in device code [std-to-cuda-std]
// CHECK-FIXES: __device__ int use_d() { return rank_d(3, cuda::std::tuple<tag, tag>()); }
// CHECK-MESSAGES-REFUSED: :[[@LINE-3]]:43: warning: use 'cuda::std::tuple' instead of 'std::tuple' in device code [std-to-cuda-std]

struct Params { std::array<float, 3> coef; };

#ifdef REFUSED
// A kernel named other than in a launch: its launches cannot all be seen.
__global__ void by_pointer(std::array<int, 2> a, int *out) { out[0] = a[0]; }
// CHECK-MESSAGES-REFUSED: :[[@LINE-1]]:28: warning: 'std::array' in a kernel parameter is a type host code shares; not rewritten to 'cuda::std::array', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) (its launches cannot be converted: the kernel is named at kernel-interface.cu:[[@LINE+2]]:47 other than in a launch, which cannot be converted) [std-to-cuda-std]
// CHECK-MESSAGES-REFUSED: :[[@LINE-2]]:72: error: constexpr function 'std::array<int, 2>::operator[]' is a host function for nvcc
void (*launcher)(std::array<int, 2>, int *) = by_pointer;
// CHECK-FIXES-REFUSED: __global__ void by_pointer(std::array<int, 2> a, int *out) { out[0] = a[0]; }

// Template case: a kernel template keeps its std parameter.
template <class T> __global__ void fill(std::array<T, 2> a, T *out) { out[0] = a[1]; }
// CHECK-MESSAGES-REFUSED: :[[@LINE-1]]:41: warning: 'std::array' in a kernel parameter is a type host code shares; not rewritten to 'cuda::std::array', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) (its launches cannot be converted: the kernel is a template) [std-to-cuda-std]

// A __host__ __device__ signature stays std: what flows into it stays too.
struct Sched {
  template <class P, class... S>
  __host__ __device__ int rank(int x, const std::tuple<P, S...> &) const { return x + int(sizeof...(S)); }
// CHECK-MESSAGES-REFUSED: :[[@LINE-1]]:45: warning: 'std::tuple' in the signature of a __host__ __device__ function is a type host code shares
};
template <class T> __device__ int use(const Sched &s) { return s.rank(3, std::tuple<T, tag>()); }
// CHECK-MESSAGES-REFUSED: :[[@LINE-1]]:74: warning: 'std::tuple' not rewritten to 'cuda::std::tuple': the value flows into a parameter of 'rank' ('const std::tuple<tag, tag> &'), which keeps its std type (std-to-cuda-std.RewriteInterfaceTypes=true rewrites the project's kernels and __host__ __device__ functions with their callers) [std-to-cuda-std]
// CHECK-MESSAGES-REFUSED: :[[@LINE-2]]:74: error: constexpr function 'std::tuple<tag, tag>::tuple' is a host function for nvcc
#define PAIR std::pair<int, int>
__host__ __device__ std::pair<int, int> swapped(int a, int b) { return PAIR(b, a); }
// CHECK-MESSAGES-REFUSED: :[[@LINE-1]]:21: warning: 'std::pair' in the signature of a __host__ __device__ function
// CHECK-MESSAGES-REFUSED: :[[@LINE-2]]:72: warning: 'std::pair' not rewritten to 'cuda::std::pair': the value flows into the return value of 'swapped' ('std::pair<int, int>'), which keeps its std type
// CHECK-MESSAGES-REFUSED: :[[@LINE-3]]:72: error: constexpr function 'std::pair<int, int>::pair' is a host function for nvcc
__global__ void use_all(int *out) { out[0] = use<tag>(Sched{}) + swapped(1, 2).first; }
#endif

int main() {
  std::array<float, 3> c{1, 2, 3};
  Params p{{4, 5, 6}};
  poly<<<1, 1>>>(nullptr, nullptr, c);
  poly<<<1, 1>>>(nullptr, nullptr, p.coef);
  poly<<<1, 1>>>(nullptr, nullptr, {7.f, 8.f, 9.f});
  // CHECK-FIXES: poly<<<1, 1>>>(nullptr, nullptr, cuda::std::array<float, 3>{c[0], c[1], c[2]});
  // CHECK-FIXES-NEXT: poly<<<1, 1>>>(nullptr, nullptr, cuda::std::array<float, 3>{p.coef[0], p.coef[1], p.coef[2]});
  // CHECK-FIXES-NEXT: poly<<<1, 1>>>(nullptr, nullptr, {7.f, 8.f, 9.f});
  std::pair<int, float> r{0, 1.5f};
  span_of<<<1, 1>>>(r, nullptr);
  // CHECK-FIXES: span_of<<<1, 1>>>(cuda::std::pair<int, float>{r.first, r.second}, nullptr);
  // No match: host code keeps std.
  std::tuple<int, int> t{1, 2};
  return std::get<0>(t) + int(c.size());
}

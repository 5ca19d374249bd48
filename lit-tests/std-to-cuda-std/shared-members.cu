// A std:: type in a data member is reported only when device code touches
// the class: names it, holds an object of it, receives it in a kernel
// launch, or holds it by value in a class that it touches; or the class has
// a member function that runs on the GPU. Classes only host code uses (a test framework's,
// a runtime's) share nothing with the GPU: nothing is reported for them.
// RUN: %check_cuda_lower --no-compile '--messages-arg=--implicit-check-not=[std-to-cuda-std]' %s std-to-cuda-std %t -- --no-verify
// RUN: %nvcc-ext -c %s -o %t.o
// With interface types rewritten, host-only classes still keep std::.
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=std-to-cuda-std --rule-option std-to-cuda-std.RewriteInterfaceTypes=true %t.cu > %t.opt.cu 2> %t.opt.err
// RUN: FileCheck %s --input-file=%t.opt.cu --check-prefix=CHECK-FIXES-OPT
// CHECK-FIXES-OPT: {{^}}  std::atomic<int> count_{0};
// CHECK-FIXES-OPT: {{^}}  std::array<int, 4> slots_{};
// CHECK-FIXES-OPT: {{^}}  std::pair<T, T> range;
// CHECK-FIXES-OPT: {{^}}  cuda::std::array<int, 3> dims;
#include <array>
#include <atomic>
#include <mutex>
#include <utility>

// Host-only classes: no report.
class Registry {
  std::atomic<int> count_{0};
  std::mutex lock_;
  std::array<int, 4> slots_{};

public:
  int next() { return ++count_; }
};
template <class T> struct Pool {
  std::atomic<T> used;
  std::pair<T, T> range;
};
struct Launcher {
  std::atomic<bool> busy;
  Registry *registry; // pointed to, not copied to the GPU
};

// A kernel parameter.
struct Params {
  std::array<int, 3> dims;
// CHECK-MESSAGES: shared-members.cu:[[@LINE-1]]:3: warning: 'std::array' in a data member is a type host code shares; not rewritten to 'cuda::std::array', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) [std-to-cuda-std]
  Launcher *launcher;
};
__global__ void kernel(Params p, int *out) { out[0] = p.dims[0]; }

// A class device code holds an object of, and one it holds by value.
struct Inner {
  std::pair<int, int> span;
// CHECK-MESSAGES: shared-members.cu:[[@LINE-1]]:3: warning: 'std::pair' in a data member is a type host code shares; not rewritten to 'cuda::std::pair', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) [std-to-cuda-std]
};
struct Outer {
  Inner inner;
  int weight;
};
__device__ int weigh(const Outer *o) { return o->weight; }

// Classes with member functions that run on the GPU.
struct Counter {
  std::array<int, 2> counts;
// CHECK-MESSAGES: shared-members.cu:[[@LINE-1]]:3: warning: 'std::array' in a data member is a type host code shares; not rewritten to 'cuda::std::array', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) [std-to-cuda-std]
  __host__ __device__ int total() const { return counts[0] + counts[1]; }
};
struct Functor {
  std::array<int, 2> unused;
// CHECK-MESSAGES: shared-members.cu:[[@LINE-1]]:3: warning: 'std::array' in a data member is a type host code shares; not rewritten to 'cuda::std::array', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) [std-to-cuda-std]
  __device__ int operator()(int i) const { return i; }
};

// Template case: a class template named in a kernel's signature, and one
// passed to a kernel template from host code.
template <class T> struct Box {
  std::pair<T, T> bounds;
// CHECK-MESSAGES: shared-members.cu:[[@LINE-1]]:3: warning: 'std::pair' in a data member is a type host code shares; not rewritten to 'cuda::std::pair', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) [std-to-cuda-std]
};
__global__ void clip(Box<float> b, float *v) { v[0] = b.bounds.first; }
struct Settings {
  std::array<float, 2> gains;
// CHECK-MESSAGES: shared-members.cu:[[@LINE-1]]:3: warning: 'std::array' in a data member is a type host code shares; not rewritten to 'cuda::std::array', as that changes the interface (set std-to-cuda-std.RewriteInterfaceTypes=true to rewrite it) [std-to-cuda-std]
};
template <class T> __global__ void apply(T t, float *v) { v[0] = t.gains[0]; }
void launch(float *v) { apply<<<1, 1>>>(Settings{}, v); }

// Macro case: a host-only class spelled through a macro is not reported.
#define COUNTED(name) struct name { std::atomic<long> uses; }
COUNTED(Tracker);

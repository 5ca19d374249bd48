// nvcc makes std::move and std::forward __host__ __device__ (guide
// §5.3.11.8): left alone unless RewriteMoveForward=true.
// RUN: %check_cuda_lower %s std-to-cuda-std %t
// RUN: %check_cuda_lower --check-suffix=OPT %s std-to-cuda-std %t.opt -- --rule-option std-to-cuda-std.RewriteMoveForward=true
#include <utility>
// CHECK-MESSAGES-NOT: {{warning|error}}:

struct Box { int v; };

template <typename T> __device__ T pass(T &&v) { return std::forward<T>(v); }
// CHECK-FIXES: {{^}}template <typename T> __device__ T pass(T &&v) { return std::forward<T>(v); }
// CHECK-FIXES-OPT: {{^}}template <typename T> __device__ T pass(T &&v) { return cuda::std::forward<T>(v); }
// CHECK-MESSAGES-OPT: {{.*}}:[[@LINE-3]]:57: warning: use 'cuda::std::forward' instead of 'std::forward' in device code [std-to-cuda-std]
__device__ Box take(Box &b) { return pass(std::move(b)); }
// CHECK-FIXES: {{^}}__device__ Box take(Box &b) { return pass(std::move(b)); }
// CHECK-FIXES-OPT: {{^}}__device__ Box take(Box &b) { return pass(cuda::std::move(b)); }
// CHECK-MESSAGES-OPT: {{.*}}:[[@LINE-3]]:43: warning: use 'cuda::std::move' instead of 'std::move' in device code [std-to-cuda-std]
#define MOVED(x) std::move(x)
__device__ Box macro(Box &b) { return MOVED(b); }
// CHECK-FIXES-OPT: {{^}}#define MOVED(x) cuda::std::move(x)
// CHECK-MESSAGES-OPT: {{.*}}:[[@LINE-2]]:39: warning: use 'cuda::std::move' instead of 'std::move' in device code [std-to-cuda-std]
Box host(Box &b) { return std::move(b); }
// CHECK-FIXES-OPT: {{^}}Box host(Box &b) { return std::move(b); }

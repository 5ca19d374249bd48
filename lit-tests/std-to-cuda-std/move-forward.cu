// nvcc makes std::move and std::forward __host__ __device__ (guide
// §5.3.11.8): left alone unless RewriteMoveForward=true.
// RUN: %cuda-lower --rules=std-to-cuda-std %s > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=FIX
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --allow-empty --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=std-to-cuda-std
// RUN: %cuda-lower --rules=std-to-cuda-std --rule-option std-to-cuda-std.RewriteMoveForward=true %s > %t.opt.cu 2> %t.opt.err
// RUN: FileCheck %s --input-file=%t.opt.cu --check-prefix=OPT
// RUN: FileCheck %s --input-file=%t.opt.err --check-prefix=OPTMSG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %nvcc -c %t.opt.cu -o %t.opt.o
// RUN: %idempotent %t.opt.cu --rules=std-to-cuda-std --rule-option std-to-cuda-std.RewriteMoveForward=true
#include <utility>
// MSG-NOT: {{warning|error}}:

struct Box { int v; };

template <typename T> __device__ T pass(T &&v) { return std::forward<T>(v); }
// FIX: {{^}}template <typename T> __device__ T pass(T &&v) { return std::forward<T>(v); }
// OPT: {{^}}template <typename T> __device__ T pass(T &&v) { return cuda::std::forward<T>(v); }
// OPTMSG: {{.*}}:[[@LINE-3]]:57: warning: use 'cuda::std::forward' instead of 'std::forward' in device code [std-to-cuda-std]
__device__ Box take(Box &b) { return pass(std::move(b)); }
// FIX: {{^}}__device__ Box take(Box &b) { return pass(std::move(b)); }
// OPT: {{^}}__device__ Box take(Box &b) { return pass(cuda::std::move(b)); }
// OPTMSG: {{.*}}:[[@LINE-3]]:43: warning: use 'cuda::std::move' instead of 'std::move' in device code [std-to-cuda-std]
#define MOVED(x) std::move(x)
__device__ Box macro(Box &b) { return MOVED(b); }
// OPT: {{^}}#define MOVED(x) cuda::std::move(x)
// OPTMSG: {{.*}}:[[@LINE-2]]:39: warning: use 'cuda::std::move' instead of 'std::move' in device code [std-to-cuda-std]
Box host(Box &b) { return std::move(b); }
// OPT: {{^}}Box host(Box &b) { return std::move(b); }

// RUN: %check_cuda_lower --no-compile %s exec-space-deduced-return %t

template <typename T> struct Tag {};

// A return type that depends on template parameters has no single spelling.
template <typename T> __device__ auto inc(T x) { return x + 1; }
struct A : Tag<decltype(inc<int>)> {};
// CHECK-MESSAGES: [[@LINE-1]]:25: warning: __device__ function 'inc' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) (not rewritten: the return type depends on template parameters; write it as a trailing return type) [exec-space-deduced-return]

// A lambda's type has no name.
__device__ auto make_op() { return [](int x) { return x; }; }
struct B : Tag<decltype(make_op)> {};
// CHECK-MESSAGES: [[@LINE-1]]:25: warning: __device__ function 'make_op' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) (not rewritten: the deduced type cannot be written in place of 'auto' (a lambda, a local, unnamed or non-public class, or a pointer to a function or an array)) [exec-space-deduced-return]

// 'auto' spelled inside a macro is not edited.
#define DEVICE_AUTO __device__ auto
DEVICE_AUTO answer() { return 42; }
struct C : Tag<decltype(answer)> {};
// CHECK-MESSAGES: [[@LINE-1]]:25: warning: __device__ function 'answer' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) (not rewritten: the code to change comes from a macro expansion) [exec-space-deduced-return]
// CHECK-MESSAGES: not-rewritten.cu:[[@LINE-3]]:13: note: the return type is deduced as 'int' here

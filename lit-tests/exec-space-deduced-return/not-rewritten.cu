// RUN: %cuda-lower --rules=exec-space-deduced-return %s > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: diff %s %t.out.cu

template <typename T> struct Tag {};

// A return type that depends on template parameters has no single spelling.
template <typename T> __device__ auto inc(T x) { return x + 1; }
struct A : Tag<decltype(inc<int>)> {};
// MSG: [[@LINE-1]]:25: warning: __device__ function 'inc' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) (not rewritten: the return type depends on template parameters; write it as a trailing return type) [exec-space-deduced-return]

// A lambda's type has no name.
__device__ auto make_op() { return [](int x) { return x; }; }
struct B : Tag<decltype(make_op)> {};
// MSG: [[@LINE-1]]:25: warning: __device__ function 'make_op' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) (not rewritten: the deduced type cannot be written in place of 'auto' (a lambda, a local, unnamed or non-public class, or a pointer to a function or an array)) [exec-space-deduced-return]

// 'auto' spelled inside a macro is not edited.
#define DEVICE_AUTO __device__ auto
DEVICE_AUTO answer() { return 42; }
struct C : Tag<decltype(answer)> {};
// MSG: [[@LINE-1]]:25: warning: __device__ function 'answer' has a deduced return type and is referenced outside device function bodies, which nvcc rejects (§5.3.12.1) (not rewritten: the code to change comes from a macro expansion) [exec-space-deduced-return]
// MSG: not-rewritten.cu:[[@LINE-3]]:13: note: the return type is deduced as 'int' here

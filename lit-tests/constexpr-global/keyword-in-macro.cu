// RUN: %check_cuda_lower --no-compile %s constexpr-global %t

// When `constexpr` itself comes from a macro, removing it would change every
// other use of the macro: the finding is reported and nothing is rewritten.
#define CONSTEXPR_KERNEL constexpr __global__
CONSTEXPR_KERNEL void k() {}
// CHECK-MESSAGES: [[@LINE-1]]:23: warning: __global__ function 'k' cannot be constexpr (§5.3.11.3) (not rewritten: 'constexpr' is spelled inside a macro) [constexpr-global]

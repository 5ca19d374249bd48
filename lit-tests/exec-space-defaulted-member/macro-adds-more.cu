// RUN: %check_cuda_lower --no-compile %s exec-space-defaulted-member %t

// A macro that also spells part of the declaration cannot be deleted: the
// finding is reported and nothing is rewritten.
#define DEFAULT_CTOR(T) __host__ __device__ T() = default
struct S {
  DEFAULT_CTOR(S);
  // CHECK-MESSAGES: [[@LINE-1]]:16: warning: nvcc ignores '__host__ __device__' on 'S', a non-virtual function defaulted in its class; its execution space comes from its callers (§5.3.11.6) (not rewritten: the annotation is spelled inside a macro that adds more than annotations) [exec-space-defaulted-member]
  int x;
};
__device__ int f() { S s{}; return s.x; }

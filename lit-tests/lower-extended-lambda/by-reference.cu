// By-reference capture in an extended lambda hands a host address to the
// GPU; nvcc rejects it (§5.3.8.4 item 12). It is an error, left unchanged.
// RUN: cp %s %t.cu
// RUN: %expect-exit 1 %cuda-lower --rules=lower-extended-lambda -i %t.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=warning: --implicit-check-not=error:
// RUN: cmp %s %t.cu

void by_reference(int *out) {
  int total = 0;
  auto l = [&total, out] __device__ (int i) { out[i] = total; };
  // CHECK: {{.*}}.cu:[[@LINE-1]]:12: error: __device__ lambda not lowered: it captures 'total' by reference, a host address that the GPU cannot read (§5.3.8.4 item 12) [lower-extended-lambda]
  (void)l;
}

template <typename T> void default_by_reference(T *out) {
  T total = 0;
  auto l = [&] __host__ __device__ (int i) { out[i] = total; };
  // CHECK: {{.*}}.cu:[[@LINE-1]]:12: error: __host__ __device__ lambda not lowered: it captures {{.*}} by reference
  (void)l;
}

// A lambda annotated __host__ only is no extended lambda: __host__ is the
// space every lambda of host code has (§5.3.8). nvcc still refuses the
// annotation without --extended-lambda, so it is removed; the lambda stays.
// Libraries that pick a host or a device path write it to say "this one runs
// on the host" next to their device lambdas.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

#define HOST_ONLY __host__

template <class F> void for_each_host(int n, F f) {
  for (int i = 0; i < n; ++i)
    f(i);
}

template <class F> __global__ void for_each_device(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

int check(const int *out, int n, int scale) {
  int bad = 0;
  // CHECK-MESSAGES: :[[@LINE+2]]:20: warning: the __host__ annotation on a lambda is its default space (§5.3.8); removed so that nvcc needs no --extended-lambda [lower-extended-lambda]
  // CHECK-FIXES: for_each_host(n, [&] (int i) {
  for_each_host(n, [&] __host__(int i) {
    if (out[i] != i * scale)
      ++bad;
  });
  // Spelt with a macro: the macro's name goes.
  // CHECK-MESSAGES: :[[@LINE+2]]:16: warning: the __host__ annotation on a lambda is its default space (§5.3.8); removed so that nvcc needs no --extended-lambda [lower-extended-lambda]
  // CHECK-FIXES: auto count = [=] (int i) mutable -> int { return bad + i; };
  auto count = [=] HOST_ONLY (int i) mutable -> int { return bad + i; };
  return count(0);
}

void fill(int *out, int n, int scale) {
  // The device lambda next to it is lowered as usual.
  // CHECK-MESSAGES: :[[@LINE+1]]:33: warning: __device__ lambda lowered to functor 'fill_lambda_1' [lower-extended-lambda]
  for_each_device<<<1, 32>>>(n, [=] __device__(int i) { out[i] = i * scale; });
}

// No-match case: a plain lambda stays as it is.
// CHECK-FIXES: int twice(int v) { return [](int x) { return 2 * x; }(v); }
int twice(int v) { return [](int x) { return 2 * x; }(v); }

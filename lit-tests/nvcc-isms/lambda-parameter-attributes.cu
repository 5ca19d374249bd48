// C++11 attributes on the parameters of a lambda written with CUDA
// attributes (`[=] __device__ (int i, [[maybe_unused]] int j)`, also through
// a macro such as KOKKOS_LAMBDA): nvcc reads them; Clang's parser refused
// every `[[...]]` in such a parameter clause ("an attribute list cannot
// appear here") and the file stopped with exit 3. The parse now reads them
// as nvcc does, and the functor's operator() keeps the attribute as written.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %check_cuda_lower %s lower-extended-lambda %t
#define PORT_LAMBDA [=] __host__ __device__

template <class F> __global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i, n);
}

// CHECK-FIXES: __device__ void operator()({{\[\[}}maybe_unused]] int i, int n) const { out[0] = n; }
void first(int *out) {
  each<<<1, 1>>>(1, [=] __device__ ([[maybe_unused]] int i, int n) { out[0] = n; });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'first_lambda_1'
}

// CHECK-FIXES: __host__ __device__ void operator()(int i, {{\[\[}}maybe_unused]] int n) const { out[i] = i; }
void through_a_macro(int *out, int n) {
  each<<<1, n>>>(n, PORT_LAMBDA (int i, [[maybe_unused]] int n) { out[i] = i; });
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __host__ __device__ lambda lowered to functor 'through_a_macro_lambda_1'
}

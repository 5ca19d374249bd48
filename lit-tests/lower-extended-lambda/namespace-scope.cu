// Annotated lambdas at namespace scope, and in member functions of local
// classes: their functors go to namespace scope (a local class is no kernel
// template argument for nvcc, §5.3.8.4 item 6).
// RUN: %check_cuda_lower %s lower-extended-lambda %t
// Functors get the file's column limit: 120 here, as this line is longer than 80 columns.

#define HD __host__ __device__

template <class F> __global__ void apply(F f, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = f(i);
}

// CHECK-FIXES: // __host__ __device__ lambda #1 of square, lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct square_lambda_1 {
// CHECK-FIXES-NEXT:   __host__ __device__ int operator()(int i) const { return i * i; }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES: auto square = square_lambda_1{};
auto square = [] __host__ __device__ (int i) { return i * i; };
// CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:15: warning: __host__ __device__ lambda lowered to functor 'square_lambda_1'

// Internal linkage, in a namespace, with a macro annotation.
namespace shapes {
// CHECK-FIXES: namespace shapes {
// CHECK-FIXES-NEXT: // __device__ lambda #1 of shapes::cube, lowered by cuda-lower.
// CHECK-FIXES-NEXT: namespace {
// CHECK-FIXES-NEXT: struct cube_lambda_1 {
// CHECK-FIXES-NEXT:   __device__ int operator()(int i) const { return i * i * i; }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES-NEXT: } // namespace
// CHECK-FIXES: static const auto cube = cube_lambda_1{};
static const auto cube = [] __device__ (int i) { return i * i * i; };
// CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:26: warning: __device__ lambda lowered to functor 'cube_lambda_1'
// CHECK-FIXES: inline auto twice = twice_lambda_1{};
inline auto twice = [] HD (int i) { return 2 * i; };
// CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __host__ __device__ lambda lowered to functor 'twice_lambda_1'
} // namespace shapes

// A member function of a local class: the functor goes before the function
// that holds the class, with the member function's local constants.
// CHECK-FIXES: // __device__ lambda #1 of launcher(int *, int)::Local::run(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct Local_run_lambda_1 {
// CHECK-FIXES-NEXT:   static constexpr int k = 3;
// CHECK-FIXES-NEXT:   int base;
// CHECK-FIXES-NEXT:   __device__ int operator()(int i) const { return k * i + base; }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES: void launcher(int *out, int n) {
void launcher(int *out, int n) {
  struct Local {
    void run(int *out, int n, int base) {
      constexpr int k = 3;
      apply<<<1, n>>>([=] __device__ (int i) { return k * i + base; }, out, n);
      // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'Local_run_lambda_1'
      // CHECK-FIXES: apply<<<1, n>>>(Local_run_lambda_1{base}, out, n);
    }
  };
  Local().run(out, n, 1);
  apply<<<1, n>>>(square, out, n);
  apply<<<1, n>>>(shapes::cube, out, n);
  apply<<<1, n>>>(shapes::twice, out, n);
}

// Template case: a generic lambda gets a member template.
// CHECK-FIXES: struct identity_lambda_1 {
// CHECK-FIXES-NEXT:   template <typename Auto1>
// CHECK-FIXES-NEXT:   __host__ __device__ auto operator()(Auto1 x) const { return x; }
// CHECK-FIXES-NEXT: };
// CHECK-FIXES: constexpr auto identity = identity_lambda_1{};
constexpr auto identity = [] __host__ __device__ (auto x) { return x; };
// CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:27: warning: __host__ __device__ lambda lowered to functor 'identity_lambda_1'
int use_identity() { return identity(4); }

// No-match case: a plain lambda at namespace scope stays.
auto plain = [](int i) { return i + 1; };
// CHECK-FIXES: auto plain = [](int i) { return i + 1; };

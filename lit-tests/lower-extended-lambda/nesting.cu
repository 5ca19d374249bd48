// Where lambdas sit: several in one function, in blocks and loops, inside a
// plain host lambda, around plain lambdas, inside other extended lambdas, in
// named and unnamed namespaces and in static functions.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

// Ordinals count in source order; blocks and loops change nothing.
// CHECK-FIXES: struct loops_lambda_1 {
// CHECK-FIXES: struct loops_lambda_2 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   int r;
// CHECK-FIXES: void loops(int n, int *out) {
// CHECK-FIXES-NEXT:   apply<<<1, n>>>(loops_lambda_1{out}, n);
// CHECK-FIXES:   for (int r = 0; r < 3; ++r) {
// CHECK-FIXES-NEXT:     if (r > 0) {
// CHECK-FIXES-NEXT:       apply<<<1, n>>>(loops_lambda_2{out, r}, n);
void loops(int n, int *out) {
  apply<<<1, n>>>([=] __device__ (int i) { out[i] = 0; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'loops_lambda_1'
  for (int r = 0; r < 3; ++r) {
    if (r > 0) {
      apply<<<1, n>>>([=] __device__ (int i) { out[i] += r; }, n);
      // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:23: warning: __device__ lambda lowered to functor 'loops_lambda_2'
    }
  }
}

// Inside a plain host lambda: the functor belongs to the enclosing function
// and captures what the inner lambda used, the outer lambda's parameter too.
// CHECK-FIXES: struct in_plain_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   int k;
// CHECK-FIXES: auto launch = [&](int k) {
// CHECK-FIXES-NEXT:     apply<<<1, n>>>(in_plain_lambda_1{out, k}, n);
void in_plain(int n, int *out) {
  auto launch = [&](int k) {
    apply<<<1, n>>>([=] __device__ (int i) { out[i] = k * i; }, n);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'in_plain_lambda_1'
  };
  launch(2);
  launch(3);
}

// A plain lambda inside the body stays a lambda, inside operator().
// CHECK-FIXES: struct around_plain_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const {
// CHECK-FIXES-NEXT:     auto square = [](int v) { return v * v; };
// CHECK-FIXES-NEXT:     out[i] = square(i);
void around_plain(int n, int *out) {
  apply<<<1, n>>>([=] __device__ (int i) {
    auto square = [](int v) { return v * v; };
    out[i] = square(i);
  }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-4]]:19: warning: __device__ lambda lowered to functor 'around_plain_lambda_1'
}

// A plain lambda in the body that names captures in its capture list names
// data members once moved: it copies them with init-captures instead.
// CHECK-FIXES: struct lookup_lambda_1 {
// CHECK-FIXES:     auto at = [in = in, n = n](int j) { return j < n ? in[j] : 0; };
void lookup(const int *in, int *out, int n) {
  apply<<<1, n>>>([=] __device__ (int i) {
    auto at = [in, n](int j) { return j < n ? in[j] : 0; };
    out[i] = at(i + 1);
  }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-4]]:19: warning: __device__ lambda lowered to functor 'lookup_lambda_1'
}

// Extended lambdas inside extended lambdas (nvcc refuses them, §5.3.8.4
// item 1): the inner functor comes first and its construction travels with
// the outer body. A lambda that captures a lowered one holds its functor.
// CHECK-FIXES: struct nested_lambda_2 {
// CHECK-FIXES-NEXT:   int n;
// CHECK-FIXES-NEXT:   __host__ __device__ int operator()(int j) const { return j + n; }
// CHECK-FIXES: struct nested_lambda_1 {
// CHECK-FIXES-NEXT:   int n;
// CHECK-FIXES-NEXT:   __host__ __device__ int operator()(int i) const {
// CHECK-FIXES-NEXT:     auto inner = nested_lambda_2{n};
// CHECK-FIXES-NEXT:     return inner(i);
// CHECK-FIXES: struct nested_lambda_3 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   nested_lambda_1 f;
// CHECK-FIXES: auto f = nested_lambda_1{n};
// CHECK-FIXES: apply<<<1, n>>>(nested_lambda_3{out, f}, n);
void nested(int n, int *out) {
  auto f = [=] __host__ __device__ (int i) {
    auto inner = [=] __host__ __device__ (int j) { return j + n; };
    return inner(i);
  };
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-4]]:12: warning: __host__ __device__ lambda lowered to functor 'nested_lambda_1'
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-4]]:18: warning: __host__ __device__ lambda lowered to functor 'nested_lambda_2'
  apply<<<1, n>>>([=] __device__ (int i) { out[i] = f(i); }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'nested_lambda_3'
}

// Namespaces: the functor lives in the function's namespace (lookup and ADL
// see what the closure saw). A static function's functor gets internal
// linkage too, so a same-named static function in another file cannot
// share its name (and its kernel instantiations) at link time.
// CHECK-FIXES: namespace lib {
// CHECK-FIXES-NEXT: // __device__ lambda #1 of lib::helper(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: namespace {
// CHECK-FIXES-NEXT: struct helper_lambda_1 {
// CHECK-FIXES: } // namespace
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: static void helper(int n, int *out) {
namespace lib {
static void helper(int n, int *out) {
  apply<<<1, n>>>([=] __device__ (int i) { out[i] = 2 * i; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'helper_lambda_1'
}
void run(int n, int *out) { helper(n, out); }
} // namespace lib

// Already in an unnamed namespace: nothing to add.
// CHECK-FIXES: namespace {
// CHECK-FIXES-NEXT: // __device__ lambda #1 of hidden(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct hidden_lambda_1 {
namespace {
void hidden(int n, int *out) {
  apply<<<1, n>>>([=] __device__ (int i) { out[i] = 3 * i; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'hidden_lambda_1'
}
} // namespace

int main() {
  int *out = nullptr;
  loops(4, out);
  in_plain(4, out);
  around_plain(4, out);
  lookup(out, out, 4);
  nested(4, out);
  lib::run(4, out);
  hidden(4, out);
}

// Lambdas nvcc refuses even with --extended-lambda (§5.3.8.4 items 3, 4, 5,
// 8, 9): in a constructor, in a private member function, in a function with
// a deduced return type, generic __host__ __device__ lambdas, init-captures
// in __host__ __device__ lambdas. As functors they need nothing special.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

// A private member right after its `private:` label: the functor goes above
// the label, still in the public section.
// CHECK-FIXES: struct constructor_lambda_1 {
// CHECK-FIXES: Table(int *cells, int n) : cells_(cells), n_(n) {
// CHECK-FIXES-NEXT: apply<<<1, n>>>(constructor_lambda_1{cells}, n);
// CHECK-FIXES: void refill(int v) { fill(v); }
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: // __device__ lambda #1 of Table::fill(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: struct fill_lambda_1 {
// CHECK-FIXES: };
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: private:
// CHECK-FIXES-NEXT: void fill(int v) {
class Table {
public:
  Table(int *cells, int n) : cells_(cells), n_(n) {
    apply<<<1, n>>>([=] __device__ (int i) { cells[i] = 0; }, n);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'constructor_lambda_1'
  }
  void refill(int v) { fill(v); }

private:
  void fill(int v) {
    int *cells = cells_;
    apply<<<1, n_>>>([=] __device__ (int i) { cells[i] = v; }, n_);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:22: warning: __device__ lambda lowered to functor 'fill_lambda_1'
  }
  int *cells_;
  int n_;
};

// CHECK-FIXES: struct deduced_lambda_1 {
// CHECK-FIXES-NEXT:   int k;
// CHECK-FIXES-NEXT:   template <typename Auto1>
// CHECK-FIXES-NEXT:   __host__ __device__ auto operator()(Auto1 x) const { return x * k; }
// CHECK-FIXES: auto deduced(int k) {
// CHECK-FIXES-NEXT:   return deduced_lambda_1{k};
auto deduced(int k) {
  return [=] __host__ __device__ (auto x) { return x * k; };
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:10: warning: __host__ __device__ lambda lowered to functor 'deduced_lambda_1'
}

// CHECK-FIXES: struct init_capture_lambda_1 {
// CHECK-FIXES-NEXT:   int twice;
// CHECK-FIXES-NEXT:   __host__ __device__ int operator()(int i) const { return i + twice; }
// CHECK-FIXES: apply<<<1, n>>>(init_capture_lambda_1{k * 2}, n);
void init_capture(int n, int k) {
  apply<<<1, n>>>([twice = k * 2] __host__ __device__ (int i) { return i + twice; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __host__ __device__ lambda lowered to functor 'init_capture_lambda_1'
}

int use(int *p) {
  Table t(p, 4);
  t.refill(3);
  init_capture(4, 2);
  return deduced(3)(2) + int(deduced(2)(1.5));
}

// Lambdas nvcc refuses even with --extended-lambda (§5.3.8.4 items 3, 4, 5,
// 8, 9): in a constructor, in a private member function, in a function with
// a deduced return type, generic __host__ __device__ lambdas, init-captures
// in __host__ __device__ lambdas. As functors they need nothing special.
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower --rules=lower-extended-lambda %t.cu > %t.out.cu 2> %t.err
// RUN: FileCheck %s --input-file=%t.out.cu --check-prefix=FIX
// RUN: FileCheck %s --input-file=%t.err --check-prefix=MSG --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %nvcc -c %t.out.cu -o %t.o
// RUN: %idempotent %t.out.cu --rules=lower-extended-lambda

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

// A private member right after its `private:` label: the functor goes above
// the label, still in the public section.
// FIX: struct constructor_lambda_1 {
// FIX: Table(int *cells, int n) : cells_(cells), n_(n) {
// FIX-NEXT: apply<<<1, n>>>(constructor_lambda_1{cells}, n);
// FIX: void refill(int v) { fill(v); }
// FIX-EMPTY:
// FIX-NEXT: // __device__ lambda #1 of Table::fill(), lowered by cuda-lower.
// FIX-NEXT: struct fill_lambda_1 {
// FIX: };
// FIX-EMPTY:
// FIX-NEXT: private:
// FIX-NEXT: void fill(int v) {
class Table {
public:
  Table(int *cells, int n) : cells_(cells), n_(n) {
    apply<<<1, n>>>([=] __device__ (int i) { cells[i] = 0; }, n);
    // MSG: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'constructor_lambda_1'
  }
  void refill(int v) { fill(v); }

private:
  void fill(int v) {
    int *cells = cells_;
    apply<<<1, n_>>>([=] __device__ (int i) { cells[i] = v; }, n_);
    // MSG: {{.*}}.cu:[[@LINE-1]]:22: warning: __device__ lambda lowered to functor 'fill_lambda_1'
  }
  int *cells_;
  int n_;
};

// FIX: struct deduced_lambda_1 {
// FIX-NEXT:   int k;
// FIX-NEXT:   template <typename Auto1>
// FIX-NEXT:   __host__ __device__ auto operator()(Auto1 x) const { return x * k; }
// FIX: auto deduced(int k) {
// FIX-NEXT:   return deduced_lambda_1{k};
auto deduced(int k) {
  return [=] __host__ __device__ (auto x) { return x * k; };
  // MSG: {{.*}}.cu:[[@LINE-1]]:10: warning: __host__ __device__ lambda lowered to functor 'deduced_lambda_1'
}

// FIX: struct init_capture_lambda_1 {
// FIX-NEXT:   int twice;
// FIX-NEXT:   __host__ __device__ int operator()(int i) const { return i + twice; }
// FIX: apply<<<1, n>>>(init_capture_lambda_1{k * 2}, n);
void init_capture(int n, int k) {
  apply<<<1, n>>>([twice = k * 2] __host__ __device__ (int i) { return i + twice; }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __host__ __device__ lambda lowered to functor 'init_capture_lambda_1'
}

int use(int *p) {
  Table t(p, 4);
  t.refill(3);
  init_capture(4, 2);
  return deduced(3)(2) + int(deduced(2)(1.5));
}

// Enclosing templates: the functor repeats the function's template
// parameters; local aliases and constants the body uses move with it.
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

template <typename T> struct Vec2 { T x, y; };

// FIX: template <typename T, int N>
// FIX-NEXT: struct axpy_lambda_1 {
// FIX-NEXT:   using V = Vec2<T>;
// FIX-NEXT:   static constexpr int K = N * 2;
// FIX-NEXT:   Vec2<T> *v;
// FIX-NEXT:   T a;
// FIX-NEXT:   __device__ void operator()(int i) const { v[i].x = a * v[i].x + V{T(K), T(0)}.x; }
// FIX-NEXT: };
// The alias and the constant only the lambda used leave the function.
// FIX: void axpy(int n, T a, Vec2<T> *v) {
// FIX-NEXT:   apply<<<1, n>>>(axpy_lambda_1<T, N>{v, a}, n);
template <typename T, int N = 1>
void axpy(int n, T a, Vec2<T> *v) {
  using V = Vec2<T>;
  constexpr int K = N * 2;
  apply<<<1, n>>>([=] __device__ (int i) { v[i].x = a * v[i].x + V{T(K), T(0)}.x; }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'axpy_lambda_1'
}
template void axpy<float, 2>(int, float, Vec2<float> *);

// A local enum whose enumerators the body uses without capture travels too.
// FIX: struct pick_lambda_1 {
// FIX-NEXT:   enum Mode { Low, High };
// FIX-NEXT:   int *out;
// FIX-NEXT:   bool high;
// FIX-NEXT:   __device__ void operator()(int i) const { out[i] = high ? High : Low; }
void pick(int n, int *out, bool high) {
  enum Mode { Low, High };
  apply<<<1, n>>>([=] __device__ (int i) { out[i] = high ? High : Low; }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'pick_lambda_1'
}


// Variadic templates: packs are passed along.
// FIX: template <typename... Ts>
// FIX-NEXT: struct count_lambda_1 {
// FIX-NEXT:   int *out;
// FIX-NEXT:   __host__ __device__ void operator()(int i) const { out[i] = int(sizeof...(Ts)); }
// FIX: apply<<<1, n>>>(count_lambda_1<Ts...>{out}, n);
template <typename... Ts> void count(int n, int *out) {
  apply<<<1, n>>>([=] __host__ __device__ (int i) { out[i] = int(sizeof...(Ts)); }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __host__ __device__ lambda lowered to functor 'count_lambda_1'
}
template void count<int, float, char>(int, int *);

// A member function template of a class template.
// FIX: template <typename U>
// FIX-NEXT:   struct fill_lambda_1 {
// FIX-NEXT:     T *p;
// FIX-NEXT:     U u;
// FIX-NEXT:     __device__ void operator()(int i) const { p[i] = T(u); }
template <typename T> struct Array {
  T *p;
  template <typename U> void fill(int n, U u) {
    T *p = this->p;
    apply<<<1, n>>>([=] __device__ (int i) { p[i] = T(u); }, n);
    // MSG: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'fill_lambda_1'
  }
};
template void Array<double>::fill<int>(int, int);

// Captures whose type is deduced from a dependent expression (`auto n =
// v.size()`) have no spelling outside the function: the functor takes each
// as a template parameter, filled with decltype at the construction, where
// the variable is in scope. Init-captures that copy a variable work alike.
// FIX: template <class V, class data_capture_t, class n_capture_t>
// FIX-NEXT: struct scale_all_lambda_1 {
// FIX-NEXT:   data_capture_t data;
// FIX-NEXT:   n_capture_t n;
// FIX: template <class V, class data_capture_t, class count_capture_t>
// FIX-NEXT: struct scale_all_lambda_2 {
// FIX-NEXT:   data_capture_t data;
// FIX-NEXT:   count_capture_t count;
// FIX: apply<<<1, 4>>>(scale_all_lambda_1<V, decltype(data), decltype(n)>{data, n}, 4);
// FIX: apply<<<1, 4>>>(scale_all_lambda_2<V, decltype(data), decltype(n)>{data, n}, 4);
template <class T> struct Buffer {
  T *ptr;
  int len;
  T *begin() const { return ptr; }
  int size() const { return len; }
};
template <class V> void scale_all(V &v) {
  auto n = v.size();
  auto *data = v.begin();
  apply<<<1, 4>>>([=] __device__ (int i) { data[i] *= n; }, 4);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'scale_all_lambda_1'
  apply<<<1, 4>>>([data, count = n] __device__ (int i) { data[i] += count; }, 4);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'scale_all_lambda_2'
}
template void scale_all(Buffer<float> &);


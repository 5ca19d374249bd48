// Enclosing templates: the functor repeats the function's template
// parameters; local aliases and constants the body uses move with it.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

template <typename T> struct Vec2 { T x, y; };

// CHECK-FIXES: template <typename T, int N>
// CHECK-FIXES-NEXT: struct axpy_lambda_1 {
// CHECK-FIXES-NEXT:   using V = Vec2<T>;
// CHECK-FIXES-NEXT:   static constexpr int K = N * 2;
// CHECK-FIXES-NEXT:   Vec2<T> *v;
// CHECK-FIXES-NEXT:   T a;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { v[i].x = a * v[i].x + V{T(K), T(0)}.x; }
// CHECK-FIXES-NEXT: };
// The alias and the constant only the lambda used leave the function.
// CHECK-FIXES: void axpy(int n, T a, Vec2<T> *v) {
// CHECK-FIXES-NEXT:   apply<<<1, n>>>(axpy_lambda_1<T, N>{v, a}, n);
template <typename T, int N = 1>
void axpy(int n, T a, Vec2<T> *v) {
  using V = Vec2<T>;
  constexpr int K = N * 2;
  apply<<<1, n>>>([=] __device__ (int i) { v[i].x = a * v[i].x + V{T(K), T(0)}.x; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'axpy_lambda_1'
}
template void axpy<float, 2>(int, float, Vec2<float> *);

// A local enum whose enumerators the body uses without capture travels too.
// CHECK-FIXES: struct pick_lambda_1 {
// CHECK-FIXES-NEXT:   enum Mode { Low, High };
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   bool high;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { out[i] = high ? High : Low; }
void pick(int n, int *out, bool high) {
  enum Mode { Low, High };
  apply<<<1, n>>>([=] __device__ (int i) { out[i] = high ? High : Low; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'pick_lambda_1'
}


// Variadic templates: packs are passed along.
// CHECK-FIXES: template <typename... Ts>
// CHECK-FIXES-NEXT: struct count_lambda_1 {
// CHECK-FIXES-NEXT:   int *out;
// CHECK-FIXES-NEXT:   __host__ __device__ void operator()(int i) const { out[i] = int(sizeof...(Ts)); }
// CHECK-FIXES: apply<<<1, n>>>(count_lambda_1<Ts...>{out}, n);
template <typename... Ts> void count(int n, int *out) {
  apply<<<1, n>>>([=] __host__ __device__ (int i) { out[i] = int(sizeof...(Ts)); }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __host__ __device__ lambda lowered to functor 'count_lambda_1'
}
template void count<int, float, char>(int, int *);

// A member function template of a class template.
// CHECK-FIXES: template <typename U>
// CHECK-FIXES-NEXT:   struct fill_lambda_1 {
// CHECK-FIXES-NEXT:     T *p;
// CHECK-FIXES-NEXT:     U u;
// CHECK-FIXES-NEXT:     __device__ void operator()(int i) const { p[i] = T(u); }
template <typename T> struct Array {
  T *p;
  template <typename U> void fill(int n, U u) {
    T *p = this->p;
    apply<<<1, n>>>([=] __device__ (int i) { p[i] = T(u); }, n);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'fill_lambda_1'
  }
};
template void Array<double>::fill<int>(int, int);

// Captures whose type is deduced from a dependent expression (`auto n =
// v.size()`) have no spelling outside the function: the functor takes each
// as a template parameter, filled with decltype at the construction, where
// the variable is in scope. Init-captures that copy a variable work alike.
// CHECK-FIXES: template <class V, class data_capture_t, class n_capture_t>
// CHECK-FIXES-NEXT: struct scale_all_lambda_1 {
// CHECK-FIXES-NEXT:   data_capture_t data;
// CHECK-FIXES-NEXT:   n_capture_t n;
// CHECK-FIXES: template <class V, class data_capture_t, class count_capture_t>
// CHECK-FIXES-NEXT: struct scale_all_lambda_2 {
// CHECK-FIXES-NEXT:   data_capture_t data;
// CHECK-FIXES-NEXT:   count_capture_t count;
// CHECK-FIXES: apply<<<1, 4>>>(scale_all_lambda_1<V, decltype(data), decltype(n)>{data, n}, 4);
// CHECK-FIXES: apply<<<1, 4>>>(scale_all_lambda_2<V, decltype(data), decltype(n)>{data, n}, 4);
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
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'scale_all_lambda_1'
  apply<<<1, 4>>>([data, count = n] __device__ (int i) { data[i] += count; }, 4);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'scale_all_lambda_2'
}
template void scale_all(Buffer<float> &);

// An init-capture from any other dependent expression (tiny-cuda-nn's
// `[out = output->pitched_ptr()] __device__ (...)` in a class template's
// member): the template argument is auto's deduction from that expression,
// `decay_t<decltype(EXPR)>`, written where the expression is in scope.
// CHECK-FIXES: template <class out_capture_t, class width_capture_t>
// CHECK-FIXES-NEXT:   struct forward_lambda_1 {
// CHECK-FIXES-NEXT:     out_capture_t out;
// CHECK-FIXES-NEXT:     width_capture_t width;
// CHECK-FIXES-NEXT:     unsigned int stride;
// CHECK-FIXES-NEXT:     __device__ void operator()(int i) const {
// CHECK-FIXES: apply<<<1, 4>>>(forward_lambda_1<::cuda::std::decay_t<decltype(m.begin() + 1)>, ::cuda::std::decay_t<decltype(m.size() * scale)>>{m.begin() + 1, m.size() * scale, m_stride}, 4);
template <class M> struct Layer {
  unsigned m_stride = 2;
  void forward(M &m, int scale) const {
    apply<<<1, 4>>>([out = m.begin() + 1, width = m.size() * scale, stride = m_stride] __device__ (int i) {
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'forward_lambda_1'
      out[i * stride] = width;
    }, 4);
  }
};
template struct Layer<Buffer<int>>;


// A pack of the enclosing function with a capture typed as above: a class
// template takes its pack last, so the capture's parameter goes before it,
// in the functor and its construction alike (moderngpu's
// workcreate_t::downsweep: `auto segments = this->segments;` and a lambda
// taking `args_t... args`). The call operator's own pack (`auto... xs`)
// stays on the call operator.
// CHECK-FIXES: template <class s_capture_t, typename... Args>
// CHECK-FIXES-NEXT:   struct sweep_lambda_1 {
// CHECK-FIXES-NEXT:     int *out;
// CHECK-FIXES-NEXT:     s_capture_t s;
// CHECK-FIXES-NEXT:     template <typename... Auto1>
// CHECK-FIXES: apply_args<<<1, n>>>(sweep_lambda_1<decltype(s), Args...>{out, s}, n, args...);
template <class F, class... Args> __global__ void apply_args(F f, int n, Args... args) {
  if (threadIdx.x < n)
    f(threadIdx.x, args...);
}
template <class It> struct Sweep {
  It segs;
  template <typename... Args> void sweep(int n, int *out, Args... args) {
    auto s = this->segs;
    apply_args<<<1, n>>>([=] __device__ (int i, auto... xs) { out[i] = s[i] + int(sizeof...(xs)); }, n, args...);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:26: warning: __device__ lambda lowered to functor 'sweep_lambda_1'
  }
};
template void Sweep<const int *>::sweep<int, char>(int, int *, int, char);

// A member alias of the class template, named inside it (Gunrock's
// `weight_t` in enactor_t<problem_t>): Clang would qualify it with some
// specialization of the template, which does not compile inside the
// template; the functor takes the capture's type as a parameter instead.
// CHECK-FIXES: template <class sum_capture_t>
// CHECK-FIXES-NEXT:   struct loop_lambda_1 {
// CHECK-FIXES-NEXT:     float *out;
// CHECK-FIXES-NEXT:     sum_capture_t sum;
// CHECK-FIXES: apply<<<1, n>>>(loop_lambda_1<decltype(sum)>{out, sum}, n);
template <class P> struct Enactor {
  using weight_t = typename P::weight_t;
  void loop(int n, float *out) {
    weight_t sum = 2;
    apply<<<1, n>>>([=] __host__ __device__ (int i) { out[i] /= sum; }, n);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __host__ __device__ lambda lowered to functor 'loop_lambda_1'
  }
};
struct Problem {
  using weight_t = float;
};
template struct Enactor<Problem>;

// A member function template whose declaration starts with a macro
// (`__host__` is one, and so is HOST_FN): the functor goes above the
// member's own template header, not between it and the declaration
// (cuCollections' bloom_filter_impl::add_async, `[*this]` in a `__host__
// constexpr` member template of a class template).
#define HOST_FN __host__ inline
// CHECK-FIXES: public:
// CHECK-FIXES-NEXT:   // __device__ lambda #1 of Filter::add_async(), lowered by cuda-lower.
// CHECK-FIXES-NEXT:   template <class Self, class It>
// CHECK-FIXES-NEXT:   struct add_async_lambda_1 {
// CHECK-FIXES-NEXT:     Self self;
// CHECK-FIXES-NEXT:     It first;
// CHECK-FIXES-NEXT:     __device__ void operator()(int i) const { self.words[i % N] = T(first[i]); }
// CHECK-FIXES-NEXT:   };
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT:   template <class It>
// CHECK-FIXES-NEXT:   __host__ constexpr void add_async(It first, int n) {
// CHECK-FIXES-NEXT:     apply<<<1, n>>>(add_async_lambda_1<Filter, It>{*this, first}, n);
template <class T, int N> class Filter {
public:
  template <class It>
  __host__ constexpr void add_async(It first, int n) {
    apply<<<1, n>>>([*this, first] __device__ (int i) { words[i % N] = T(first[i]); }, n);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'add_async_lambda_1'
  }
  // CHECK-FIXES: // __device__ lambda #1 of Filter::contains(), lowered by cuda-lower.
  // CHECK-FIXES-NEXT: template <class It>
  // CHECK-FIXES-NEXT: struct contains_lambda_1 {
  // CHECK-FIXES-NEXT:   const Filter *self;
  // CHECK-FIXES: };
  // CHECK-FIXES: // The comment above the member stays with it.
  // CHECK-FIXES-NEXT: template <class It>
  // CHECK-FIXES-NEXT: HOST_FN void contains(It first, bool *out, int n) const {
  // CHECK-FIXES-NEXT:   apply<<<1, n>>>(contains_lambda_1<It>{this, out, first}, n);
  // The comment above the member stays with it.
  template <class It>
  HOST_FN void contains(It first, bool *out, int n) const {
    apply<<<1, n>>>([=] __device__ (int i) { out[i] = first != nullptr && i < count; }, n);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'contains_lambda_1'; it captures 'this' implicitly, a host pointer
  }
  template <class It> void clear(It first, int n);
  // CHECK-FIXES: template <class It> struct clear_lambda_1;
  // CHECK-FIXES-NEXT: template <class It> void clear(It first, int n);
  T *words;
  int count;
};
// CHECK-FIXES: template <class T, int N>
// CHECK-FIXES-NEXT: template <class It>
// CHECK-FIXES-NEXT: struct Filter<T, N>::clear_lambda_1 {
// CHECK-FIXES-NEXT:   Filter *self;
// CHECK-FIXES: template <class T, int N>
// CHECK-FIXES-NEXT: template <class It>
// CHECK-FIXES-NEXT: __host__ void Filter<T, N>::clear(It first, int n) {
template <class T, int N>
template <class It>
__host__ void Filter<T, N>::clear(It first, int n) {
  apply<<<1, n>>>([this, first] __device__ (int i) { first[i] = this->words[0]; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'clear_lambda_1'
}
template void Filter<int, 4>::add_async(const int *, int);
template void Filter<int, 4>::contains(const int *, bool *, int) const;
template void Filter<int, 4>::clear(int *, int);

// The same in a class that is not a template.
// CHECK-FIXES: // __device__ lambda #1 of Counter::add(), lowered by cuda-lower.
// CHECK-FIXES-NEXT: template <class Self, class It>
// CHECK-FIXES-NEXT: struct add_lambda_1 {
// CHECK-FIXES: };
// CHECK-FIXES-EMPTY:
// CHECK-FIXES-NEXT: template <class It>
// CHECK-FIXES-NEXT: HOST_FN void add(It first, int *out, int n) {
struct Counter {
  int base;
  template <class It>
  HOST_FN void add(It first, int *out, int n) {
    apply<<<1, n>>>([*this, first, out] __device__ (int i) { out[i] = base + first[i]; }, n);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'add_lambda_1'
  }
};
template void Counter::add(const int *, int *, int);

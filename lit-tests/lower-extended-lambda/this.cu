// `this`, `*this` and members used implicitly, in and out of class.
// RUN: %check_cuda_lower %s lower-extended-lambda %t

template <class F> __global__ void apply(F f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

class Quantizer {
public:
  explicit Quantizer(float step) : step_(step) {}
  // An in-class member function: the functor is nested in the class, so it
  // may read private members; `*this` by value needs the class complete,
  // hence the template.
  // CHECK-FIXES: // __device__ lambda #1 of Quantizer::quantize(), lowered by cuda-lower.
  // CHECK-FIXES-NEXT: template <class Self>
  // CHECK-FIXES-NEXT: struct quantize_lambda_1 {
  // CHECK-FIXES-NEXT:   Self self;
  // CHECK-FIXES-NEXT:   const float *in;
  // CHECK-FIXES-NEXT:   int *out;
  // CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { out[i] = self.level(in[i] / self.step_); }
  // CHECK-FIXES-NEXT: };
  void quantize(const float *in, int *out, int n) const {
    apply<<<1, n>>>([*this, in, out] __device__ (int i) { out[i] = level(in[i] / step_); }, n);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'quantize_lambda_1'
    // CHECK-FIXES: apply<<<1, n>>>(quantize_lambda_1<Quantizer>{*this, in, out}, n);
  }

  // Out-of-class definitions below: the functors are declared here, above
  // the comment that describes the function.
  void scale(float *v, int n);
  void shift(float *v, int n);
  // CHECK-FIXES: struct scale_lambda_1;
  // CHECK-FIXES-NEXT: // Out-of-class definitions below
  // CHECK-FIXES: void scale(float *v, int n);
  // CHECK-FIXES-NEXT: struct shift_lambda_1;
  // CHECK-FIXES-NEXT: void shift(float *v, int n);

private:
  __host__ __device__ int level(float x) const { return int(x); }
  // A private member function: the functor stays public so that it can be a
  // kernel's template argument.
  // CHECK-FIXES: public:
  // CHECK-FIXES-NEXT:   // __device__ lambda #1 of Quantizer::bump(), lowered by cuda-lower.
  // CHECK-FIXES-NEXT:   struct bump_lambda_1 {
  // CHECK-FIXES-NEXT:     Quantizer *self;
  // CHECK-FIXES-NEXT:     int *out;
  // CHECK-FIXES-NEXT:     __device__ void operator()(int i) const { out[i] += self->level(self->step_); }
  // CHECK-FIXES-NEXT:   };
  // CHECK-FIXES-EMPTY:
  // CHECK-FIXES-NEXT: private:
  void bump(int *out, int n) {
    apply<<<1, n>>>([this, out] __device__ (int i) { out[i] += this->level(step_); }, n);
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:21: warning: __device__ lambda lowered to functor 'bump_lambda_1'
  }
  float step_;
};

// Out of class: the functor is declared in the class and defined here.
// CHECK-FIXES: struct Quantizer::scale_lambda_1 {
// CHECK-FIXES-NEXT:   Quantizer self;
// CHECK-FIXES-NEXT:   float *v;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { v[i] *= self.step_; }
void Quantizer::scale(float *v, int n) {
  // An implicit `this` in a __device__ lambda of a host function would make
  // the GPU read a host pointer (§5.3.8.6); the class is trivially copyable,
  // so the functor holds a copy.
  apply<<<1, n>>>([=] __device__ (int i) { v[i] *= step_; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'scale_lambda_1'; it captured 'this' implicitly, a host pointer the GPU cannot dereference (§5.3.8.6), so the functor holds a copy of '*this'
}

// CHECK-FIXES: struct Quantizer::shift_lambda_1 {
// CHECK-FIXES-NEXT:   Quantizer self;
// CHECK-FIXES-NEXT:   float *v;
// CHECK-FIXES-NEXT:   __device__ void operator()(int i) const { v[i] += self.step_ + (&self)->step_; }
void Quantizer::shift(float *v, int n) {
  apply<<<1, n>>>([=, *this] __device__ (int i) { v[i] += step_ + this->step_; }, n);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'shift_lambda_1'
}

// A class template: members are found through `self` at instantiation.
template <typename T> struct Buffer {
  T *data;
  T fill;
  // CHECK-FIXES: struct set_lambda_1 {
  // CHECK-FIXES-NEXT:     Buffer *self;
  // CHECK-FIXES-NEXT:     __host__ __device__ void operator()(int i) const { self->data[i] = self->fill; }

  void set(int n) {
    auto f = [this] __host__ __device__ (int i) { data[i] = fill; };
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:14: warning: __host__ __device__ lambda lowered to functor 'set_lambda_1'
    apply<<<1, n>>>(f, n);
  }
};
template struct Buffer<float>;

// `*this` in an out-of-line member of a class template: the class is
// complete there, so the copy needs no template parameter.
// CHECK-FIXES: struct run_lambda_1;
// CHECK-FIXES: template <class T>
// CHECK-FIXES-NEXT: struct Grid<T>::run_lambda_1 {
// CHECK-FIXES-NEXT:   Grid self;
// CHECK-FIXES-NEXT:   T d;
// CHECK-FIXES: apply<<<1, 1>>>(run_lambda_1{*this, d}, 1);
template <class T> struct Grid {
  T v;
  void run(T d);
};
template <class T> void Grid<T>::run(T d) {
  apply<<<1, 1>>>([*this, d] __device__ (int) { (void)(v + d); }, 1);
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'run_lambda_1'
}
template struct Grid<int>;

// An implicit `this` that the body writes through: a copy would lose the
// writes, so the pointer stays (right for objects in managed memory).
// CHECK-FIXES: struct reset_lambda_1 {
// CHECK-FIXES-NEXT:     Counters *self;
// CHECK-FIXES-NEXT:     __device__ void operator()(int b) const { self->counts[b] = 0; }
struct Counters {
  int counts[8];
  void reset() { apply<<<1, 8>>>([=] __device__ (int b) { counts[b] = 0; }, 8); }
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-1]]:34: warning: __device__ lambda lowered to functor 'reset_lambda_1'; it captures 'this' implicitly and writes through it, so the functor keeps the pointer, which the GPU can dereference only for an object in managed or device memory (§5.3.8.6)
};

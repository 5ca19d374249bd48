// RUN: %check_cuda_lower %s nvcc-dependent-template %t

// Dependent member templates named without `template`: nvcc accepts these,
// Clang needs the keyword (and gets it).
template <class T> struct table {
  template <class U = T> struct view {
    U first;
  };
  template <class U> using pointer = U *;
};
struct slots {
  template <class U> struct of {
    U value;
  };
};

// Template case: after `typename`, a nested class template and an alias
// template of a dependent type.
template <class T, class S> __global__ void first(T *out, table<T>, S) {
  typename table<T>::view<> v{};
  // CHECK-MESSAGES: [[@LINE-1]]:22: warning: dependent member template 'view' is named without 'template', which nvcc accepts and Clang does not; insert 'template' [nvcc-dependent-template]
  // CHECK-FIXES: typename table<T>::template view<> v{};
  typename table<T>::pointer<T> p = out;
  // CHECK-MESSAGES: [[@LINE-1]]:22: warning: dependent member template 'pointer' {{.*}} [nvcc-dependent-template]
  // CHECK-FIXES: typename table<T>::template pointer<T> p = out;
  typename S::of<int> s{3};
  // CHECK-MESSAGES: [[@LINE-1]]:15: warning: dependent member template 'of' {{.*}} [nvcc-dependent-template]
  // CHECK-FIXES: typename S::template of<int> s{3};
  p[0] = v.first + s.value;
}
template __global__ void first<int, slots>(int *, table<int>, slots);

// An explicit call of a member operator template: Clang reports it when it
// instantiates the call.
struct add {
  template <int N> __device__ int operator()(int x) const { return x + N; }
};
template <class F> __device__ int call(F f, const F *g, int x) {
  return f.operator()<2>(x) + g->operator()<1>(x);
  // CHECK-MESSAGES: [[@LINE-1]]:12: warning: dependent member template 'operator()' {{.*}} [nvcc-dependent-template]
  // CHECK-MESSAGES: [[@LINE-2]]:34: warning: dependent member template 'operator()' {{.*}} [nvcc-dependent-template]
  // CHECK-FIXES: return f.template operator()<2>(x) + g->template operator()<1>(x);
}

// A member function template of a dependent object called with several
// arguments (cuCollections' `ref.retrieve<BlockSize>(block, ...)`).
struct probe {
  template <int N> __device__ int retrieve(int a, int b) const { return a + b + N; }
};
template <class R> __device__ int retrieve_all(const R &ref, int x) {
  return ref.retrieve<4>(x, 1);
  // CHECK-MESSAGES: [[@LINE-1]]:14: warning: dependent member template 'retrieve' {{.*}} [nvcc-dependent-template]
  // CHECK-FIXES: return ref.template retrieve<4>(x, 1);
}
__global__ void use_probe(int *out) { out[0] = retrieve_all(probe{}, 2); }

// A member of a dependent base named without `this->` (cuCollections'
// multimap views): nvcc finds it on instantiation, Clang asks for `this->`.
template <class T> struct view_base {
  __device__ int initial_slot(T k) const { return int(k) % 7; }
};
template <class T> struct mutable_view : view_base<T> {
  __device__ int insert(T k) const { return initial_slot(k); }
  // CHECK-MESSAGES: [[@LINE-1]]:45: warning: member 'initial_slot' of a dependent base class is named without 'this->', {{.*}} [nvcc-dependent-template]
  // CHECK-FIXES: __device__ int insert(T k) const { return this->initial_slot(k); }
};
__global__ void use_view(int *out) { out[0] = mutable_view<int>{}.insert(3); }

// Macro case: the keyword goes into the macro's definition.
#define AT(f, n, x) f.operator()<n>(x)
// CHECK-MESSAGES: [[@LINE-1]]:23: warning: dependent member template 'operator()' {{.*}} [nvcc-dependent-template]
// CHECK-FIXES: #define AT(f, n, x) f.template operator()<n>(x)
template <class F> __device__ int at(F f, int x) { return AT(f, 3, x); }

__global__ void use(int *out) {
  add a;
  out[0] = call(a, &a, 1) + at(a, 1);
}

// A dependent type named without `typename` (a functional cast, as in
// cuCollections' shared-memory example): Clang reports it when it
// instantiates the kernel.
struct store {
  struct ref {
    __device__ ref(int *p) : p(p) {}
    int *p;
  };
};
template <class S> __global__ void make(int *out) {
  auto r = S::ref(out);
  // CHECK-MESSAGES: [[@LINE-1]]:12: warning: dependent type 'S::ref' is named without 'typename', which nvcc accepts and Clang does not; insert 'typename' [nvcc-dependent-template]
  // CHECK-FIXES: auto r = typename S::ref(out);
  r.p[0] = 1;
}
template __global__ void make<store>(int *);

// No match: already spelled with `template`, or not dependent.
template <class T> __device__ int spelled(T t) {
  typename table<T>::template view<int> v{};
  return t.template operator()<1>(v.first);
}
__device__ int plain(add a) { return a.operator()<1>(0); }
__global__ void use_spelled(int *out) {
  out[0] = spelled(add{}) + plain(add{});
}

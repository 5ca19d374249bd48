// The locals a functor copies are one closure over constants, aliases and
// types: a constant whose type is a local alias (`using Ptr = Elem *;`) of a
// local type brings both along, in source order, and the function keeps
// none of them when only the lambda used them.
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

// FIX: struct pointer_alias_lambda_1 {
// FIX-NEXT:   struct Elem {
// FIX-NEXT:     int v;
// FIX-NEXT:   };
// FIX-NEXT:   using Ptr = Elem *;
// FIX-NEXT:   static constexpr Ptr none = nullptr;
// FIX-NEXT:   int *out;
// FIX: void pointer_alias(int *out, int n) {
// FIX-NEXT:   apply<<<1, n>>>(pointer_alias_lambda_1{out}, n);
void pointer_alias(int *out, int n) {
  struct Elem {
    int v;
  };
  using Ptr = Elem *;
  constexpr Ptr none = nullptr;
  apply<<<1, n>>>([=] __device__(int i) { out[i] = none ? none->v : i; }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'pointer_alias_lambda_1'
}

// A constant of a local enumeration: the enumeration travels with it, and
// stays in the function, which still uses it.
// FIX: struct enum_constant_lambda_1 {
// FIX-NEXT:   enum Mode { Fast, Exact };
// FIX-NEXT:   static constexpr Mode mode = Exact;
// FIX-NEXT:   int *out;
// FIX: int enum_constant(int *out, int n) {
// FIX-NEXT:   enum Mode { Fast, Exact };
// FIX-NEXT:   apply<<<1, n>>>(enum_constant_lambda_1{out}, n);
// FIX:        return Fast;
int enum_constant(int *out, int n) {
  enum Mode { Fast, Exact };
  constexpr Mode mode = Exact;
  apply<<<1, n>>>([=] __device__(int i) { out[i] = mode == Fast ? 0 : i; }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'enum_constant_lambda_1'
  return Fast;
}

// Template case: the local type depends on the template parameter, and the
// typedef names it before its own name.
// FIX: template <class T>
// FIX-NEXT: struct in_template_lambda_1 {
// FIX-NEXT:   struct Elem {
// FIX-NEXT:     T v;
// FIX-NEXT:   };
// FIX-NEXT:   typedef Elem *Ptr;
// FIX-NEXT:   static constexpr Ptr none = nullptr;
// FIX-NEXT:   T *out;
// FIX: template <class T> void in_template(T *out, int n) {
// FIX-NEXT:   apply<<<1, n>>>(in_template_lambda_1<T>{out}, n);
template <class T> void in_template(T *out, int n) {
  struct Elem {
    T v;
  };
  typedef Elem *Ptr;
  constexpr Ptr none = nullptr;
  apply<<<1, n>>>([=] __device__(int i) { out[i] = none ? none->v : T(i); }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'in_template_lambda_1'
}
template void in_template<float>(float *, int);

// Macro case: the constant's initialiser is a macro, copied as written.
#define NO_ELEM nullptr
// FIX: struct from_macro_lambda_1 {
// FIX-NEXT:   struct Elem {
// FIX-NEXT:     int v;
// FIX-NEXT:   };
// FIX-NEXT:   using Ptr = Elem *;
// FIX-NEXT:   static constexpr Ptr none = NO_ELEM;
void from_macro(int *out, int n) {
  struct Elem {
    int v;
  };
  using Ptr = Elem *;
  constexpr Ptr none = NO_ELEM;
  apply<<<1, n>>>([=] __device__(int i) { out[i] = none ? 1 : i; }, n);
  // MSG: {{.*}}.cu:[[@LINE-1]]:19: warning: __device__ lambda lowered to functor 'from_macro_lambda_1'
}

// No-match case: a host lambda using the same locals stays as it is.
// FIX: int host_only() {
// FIX-NEXT:   struct Elem {
// FIX-NEXT:     int v;
// FIX-NEXT:   };
// FIX-NEXT:   using Ptr = Elem *;
// FIX-NEXT:   constexpr Ptr none = nullptr;
// FIX-NEXT:   auto h = [=](int v) { return none ? none->v : v; };
int host_only() {
  struct Elem {
    int v;
  };
  using Ptr = Elem *;
  constexpr Ptr none = nullptr;
  auto h = [=](int v) { return none ? none->v : v; };
  return h(3);
}

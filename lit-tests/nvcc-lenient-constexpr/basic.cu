// RUN: %check_cuda_lower %s nvcc-lenient-constexpr %t

// Constexpr code that nvcc accepts and Clang rejects, rewritten into a
// spelling both accept.
template <class A, class B> struct same { static constexpr bool value = false; };
template <class A> struct same<A, A> { static constexpr bool value = true; };
struct pair { int first, second; };

// Template case: a static member named through `this` in `if constexpr`,
// which Clang reports when it instantiates the function.
template <class K, class V> struct slots {
  static constexpr bool has_payload = !same<K, V>::value;
  V slot;
  __device__ K key() const {
    if constexpr (this->has_payload)
      // CHECK-MESSAGES: [[@LINE-1]]:19: warning: static member 'has_payload' is named through 'this' in a constant expression, which nvcc accepts and Clang does not; name it 'slots::has_payload' [nvcc-lenient-constexpr]
      // CHECK-FIXES: if constexpr (slots::has_payload)
      return slot.first;
    else
      return slot;
  }
};
__global__ void keys(slots<int, pair> s, slots<int, int> t, int *out) {
  out[0] = s.key() + t.key();
}

// A constexpr host function that defines a variable of non-literal type:
// before C++23 it can never be a constant expression.
struct buffer {
  buffer();
  ~buffer();
  int size;
};
template <class T> struct sketch {
  __host__ constexpr int estimate() const {
    // CHECK-MESSAGES: [[@LINE-1]]:12: warning: constexpr function 'estimate' defines a variable of non-literal type, which nvcc accepts while the function is never evaluated as a constant and Clang rejects before C++23; declare it 'inline' instead of 'constexpr' [nvcc-lenient-constexpr]
    // CHECK-FIXES: __host__ inline int estimate() const {
    buffer b;
    return b.size;
  }
};

// No execution space: Clang makes it implicitly __host__ __device__, nvcc
// reads it as __host__ (and rejects such a variable only in a function that
// is not a template): the same fix.
template <class T> struct estimator {
  constexpr int estimate() const {
    // CHECK-MESSAGES: [[@LINE-1]]:3: warning: constexpr function 'estimate' defines a variable of non-literal type, {{.*}} [nvcc-lenient-constexpr]
    // CHECK-FIXES: inline int estimate() const {
    buffer b;
    return b.size;
  }
};

// Macro case: the execution space is a macro, the keyword is not.
#define HOST __host__
template <class T> struct counter {
  HOST constexpr void add(T) {
    // CHECK-MESSAGES: [[@LINE-1]]:8: warning: constexpr function 'add' {{.*}} [nvcc-lenient-constexpr]
    // CHECK-FIXES: HOST inline void add(T) {
    auto const b = buffer{};
    (void)b;
  }
};

// No match: the member named as both compilers accept, a constexpr
// function whose variables are literal.
template <class K, class V> struct plain_slots {
  static constexpr bool has_payload = !same<K, V>::value;
  __device__ int width() const {
    if constexpr (has_payload)
      return 2;
    else
      return 1;
  }
};
__host__ __device__ constexpr int twice(int x) {
  int y = x;
  return 2 * y;
}
__global__ void widths(plain_slots<int, pair> s, int *out) {
  out[0] = s.width() + twice(1);
}

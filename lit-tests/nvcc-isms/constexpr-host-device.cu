// A constexpr function without an execution space is __host__ to nvcc
// (with or without --expt-relaxed-constexpr, as long as no device code
// calls it) and __host__ __device__ to Clang (-fcuda-host-device-constexpr).
// On its device side Clang's overload resolution prefers a __device__
// overload that nvcc never considers there, instantiates it, and fails
// (cuCollections' hyperloglog::clear(cuda::stream_ref) reaching
// hyperloglog_impl::clear(CG const&) with a stream: "no member named
// 'thread_rank'"). cuda-lower reads the function, and rule
// nvcc-lenient-constexpr writes it, as `__host__ constexpr` in each of its
// declarations, which means the same to nvcc. With the rule off, it stops
// (exit 3) with a note that says so, and writes nothing.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %check_cuda_lower %s nvcc-lenient-constexpr %t
// RUN: %strip-checks %s > %t.cu
// RUN: %expect-exit 3 %cuda-lower %t.cu --disable nvcc-lenient-constexpr 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err

struct stream { int id = 0; void wait() const {} };

template <class T> struct sketch_impl {
  T *words;
  template <class CG> __device__ constexpr void clear(CG const &group) noexcept {
    words[group.thread_rank()] = T{};
    // ERR: [[@LINE-1]]:17: error: no member named 'thread_rank' in 'stream'
  }
  __host__ constexpr void clear(stream s) { s.wait(); }
};

template <class T> struct sketch_ref {
  sketch_impl<T> impl_;
  template <class CG> __device__ constexpr void clear(CG const &group) noexcept {
    impl_.clear(group);
  }
  __host__ constexpr void clear(stream s) { impl_.clear(s); }
};

// Template case: a member of a class template, declared in the class and
// defined out of it; both declarations take `__host__`.
template <class T> struct sketch {
  sketch_ref<T> ref_;
  constexpr void clear(stream s = {});
  // CHECK-FIXES: __host__ constexpr void clear(stream s = {});
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-2]]:3: warning: constexpr function 'clear' has no execution space, which nvcc reads as __host__ and Clang as __host__ __device__, whose device side picks a __device__ overload that nvcc never considers there and that does not compile; declare it '__host__ constexpr', which means the same to nvcc [nvcc-lenient-constexpr]
  // A constexpr member that no error involves keeps its spelling.
  constexpr int size() const { return 1; }
  // CHECK-FIXES: constexpr int size() const { return 1; }
};
template <class T> constexpr void sketch<T>::clear(stream s) {
  // CHECK-FIXES: template <class T> __host__ constexpr void sketch<T>::clear(stream s) {
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-2]]:20: warning: constexpr function 'clear' has no execution space
  ref_.clear(s);
  // ERR: note: nvcc reads the constexpr function 'sketch<int>::clear', which has no execution space, as __host__; Clang reads it as __host__ __device__, and its device side asked for this __device__ function: declare it '__host__ constexpr', which both compilers accept
}

// Macro case: a declaration that starts with a macro, defined in the
// class.
#define SKETCH_INLINE inline
template <class T> struct counter {
  sketch_ref<T> ref_;
  SKETCH_INLINE constexpr void reset(stream s) { ref_.clear(s); }
  // CHECK-FIXES: SKETCH_INLINE __host__ constexpr void reset(stream s) { ref_.clear(s); }
  // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-2]]:17: warning: constexpr function 'reset' has no execution space
};
// ERR: error: the device compilation pass did not parse; nothing was written

int main() {
  sketch<int> s{};
  s.clear();
  counter<int> c{};
  c.reset(stream{});
  return s.size() - 1;
}

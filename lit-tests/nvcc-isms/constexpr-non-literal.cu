// nvcc accepts a constexpr host function that defines a variable of
// non-literal type (a std::vector, a Thrust iterator) as long as nothing
// evaluates it as a constant; Clang rejects it before C++23, with no switch
// (cuCollections' bloom_filter_impl::add_async, hyperloglog_impl::estimate).
// cuda-lower reads the function as `inline` instead of `constexpr`, which
// both accept, and rule nvcc-lenient-constexpr writes it (its own test
// compiles the output with plain nvcc). With the rule off, it stops
// (exit 3) with a note, and writes nothing.
// RUN: %nvcc-ext -c %s -o %t.in.o
// RUN: %strip-checks %s > %t.cu
// RUN: %cuda-lower %t.cu > %t.out.cu 2> %t.fixed.err
// RUN: FileCheck %s --check-prefix=CHECK-FIXES --input-file=%t.out.cu
// RUN: FileCheck %s --check-prefix=CHECK-MESSAGES --input-file=%t.fixed.err
// RUN: %expect-exit 3 %cuda-lower %t.cu --disable nvcc-lenient-constexpr 2> %t.err
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err

struct buffer {
  buffer();
  ~buffer();
  int size;
};

// Template case: a member of a class template, never instantiated.
template <class T> struct sketch {
  __host__ constexpr int estimate() const {
    // CHECK-FIXES: __host__ inline int estimate() const {
    // CHECK-MESSAGES: {{.*}}.cu:[[@LINE-2]]:12: warning: constexpr function 'estimate' defines a variable of non-literal type, {{.*}} [nvcc-lenient-constexpr]
    buffer b;
    // ERR: [[@LINE-1]]:12: error: variable of non-literal type 'buffer' cannot be defined in a constexpr function before C++23
    // ERR: note: nvcc accepts a variable of non-literal type in a constexpr function that is never evaluated as a constant; Clang does not before C++23: drop 'constexpr' from the function (keeping it 'inline'), which both compilers accept
    return b.size;
  }
};
// ERR: error: the {{host|device}} compilation pass did not parse; nothing was written

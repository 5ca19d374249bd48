// Clang rejects a braced initialiser that narrows a constant even in a
// template never instantiated; nvcc checks it only on instantiation. The
// file parses (exit 0), nothing is rewritten, and nvcc builds it.
// RUN: %expect-exit 0 %cuda-lower %s > %t.out.cu 2> %t.err
// RUN: count 0 < %t.err
// RUN: diff %s %t.out.cu
// RUN: %nvcc -c %t.out.cu -o %t.o

#include <cstddef>

template <class T> struct buffer {
  using size_type = std::size_t;
  size_type max_size() const noexcept { return size_type{-1}; }
  T *data;
};

// Template case: a member template of a class template.
template <class T> struct view {
  using index_type = unsigned short;
  template <class U> static index_type limit() { return index_type{-1}; }
};

// Macro case.
#define ALL_ONES(type) type{-1}
template <class T> struct mask {
  using bits = unsigned;
  bits all() const { return ALL_ONES(bits); }
};

__global__ void kernel(buffer<int> b, int *out) { out[0] = b.data[0]; }

// Included by a.cu, b.cu (which does not parse) and d.cu.
#pragma once
#include <utility>
template <class T> __device__ void order(T &a, T &b) {
  if (b < a)
    std::swap(a, b);
}

// Included by c.cu only.
#pragma once
#include <utility>
template <class T> __device__ void orderAlone(T &a, T &b) {
  if (b < a)
    std::swap(a, b);
}

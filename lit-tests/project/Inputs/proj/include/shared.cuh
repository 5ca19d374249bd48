// Included by every unit: rewritten once.
#pragma once
#include <utility>
template <class T> __device__ void order(T &a, T &b) {
  if (b < a)
    std::swap(a, b);
}

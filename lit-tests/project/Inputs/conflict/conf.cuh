// Each unit names this function differently (NAME comes from its command),
// so each wants a differently named functor here.
#pragma once
inline void NAME(int *p) {
  auto f = [=] __device__ (int i) { return p[i]; };
  (void)f;
}

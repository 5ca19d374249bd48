// Each unit gives VALUE another type (it comes from its command), so each
// wants a functor with another member type here.
#pragma once
inline void run(VALUE *p) {
  auto f = [=] __device__ (int i) { return p[i]; };
  (void)f;
}

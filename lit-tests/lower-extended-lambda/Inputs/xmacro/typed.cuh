// No include guard: one overload per REAL.
void scale_all(REAL *p, REAL a, int n) {
  xm_apply<<<(n + 127) / 128, 128>>>([=] __device__ (int i) { p[i] *= a; }, n);
}

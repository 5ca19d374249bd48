// No include guard: included once per operation, with OP_NAME, OP_KIND and
// OP_SCALE defined differently each time (the X-macro pattern).
void OP_NAME(float *p, int n) {
  float scale = OP_SCALE;
  xm_apply<<<(n + 127) / 128, 128>>>([=] __host__ __device__ (int i) {
#if OP_KIND == 1
    p[i] += scale;
#else
    p[i] *= scale;
#endif
  }, n);
}

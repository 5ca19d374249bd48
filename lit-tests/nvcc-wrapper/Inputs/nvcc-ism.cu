// nvcc (with the flags) accepts the missing `template` keyword, Clang does
// not: the lowering fails, and the wrapper falls back to the original.
template <class T> struct table { template <class U = T> struct view {}; };
template <class T> void use() { typename table<T>::view<> v; (void)v; }
void run(float *y) {
  auto f = [=] __device__(int i) { y[i] = 0; };
  (void)f;
}

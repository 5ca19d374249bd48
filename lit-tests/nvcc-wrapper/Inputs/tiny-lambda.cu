template <class F> __global__ void one(F f) { f(); }
void run(int *p) { one<<<1, 1>>>([=] __device__() { *p = 1; }); }

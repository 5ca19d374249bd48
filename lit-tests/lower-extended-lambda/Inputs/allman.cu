template <class F>
__global__ void apply(F f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) f(i);
}

namespace app
{
template <typename T>
void scale(int n, T* data, T factor)
{
    apply<<<1, n>>>(
        [=] __device__(int i)
        {
            // Keep the comment, and this odd   spacing.
            data[i] *= factor;
#if 0
            data[i] = 0;
#endif
        },
        n);
}
template void scale<float>(int, float*, float);
}  // namespace app

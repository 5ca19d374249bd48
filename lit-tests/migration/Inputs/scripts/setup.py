from setuptools import setup
# extra_compile_args for nvcc: '--extended-lambda' goes.
args = {'cxx': ['-O3'], 'nvcc': ['-O3', '--extended-lambda', "--expt-relaxed-constexpr"]}
only = ['--expt-extended-lambda']
joined = "-O3 --extended-lambda"
setup(name='scripts', extra_compile_args=args)

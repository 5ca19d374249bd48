// nvcc accepts a dependent member template named without `template`
// (`typename table<T>::view<>`, `p.operator()<0>(x)`); Clang 22 has no
// switch for it outside -fms-compatibility. cuda-lower inserts the keyword
// in the project's files (rule nvcc-dependent-template: its own test) and
// parses again. Where it cannot (a header outside the project root, a
// system header, the rule off) it stops (exit 3), names the place and what
// to do, and writes nothing.
// RUN: %nvcc-ext -I%S/Inputs -c %s -o %t.in.o
// RUN: rm -rf %t && mkdir -p %t/proj %t/lib && cp %s %t/proj/a.cu
// RUN: %strip-checks %S/Inputs/table.h > %t/lib/table.h

// Fixed where the file is the project's, in both passes; the rest of the
// rules see the fixed parse (the lambda is lowered). Plain nvcc builds the
// result, and a second run finds nothing to do.
// RUN: mkdir -p %t/fix/proj && cp -r %t/lib %t/fix/ && cp %s %t/fix/proj/b.cu
// RUN: %cuda-lower -i %t/fix/proj/b.cu --in-root %t/fix -- -I%t/fix/lib 2> %t/b.err
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/b.err
// RUN: FileCheck %S/Inputs/table.h --check-prefix=CHECK-FIXES-HEADER --input-file=%t/fix/lib/table.h
// RUN: %nvcc -I%t/fix/lib -c %t/fix/proj/b.cu -o %t/b.o
// RUN: %cuda-lower --check %t/fix/proj/b.cu --in-root %t/fix -- -I%t/fix/lib

// The header outside the project root: exit 3, nothing written.
// RUN: %expect-exit 3 %cuda-lower -i %t/proj/a.cu --in-root %t/proj -- -I%t/lib 2> %t/root.err
// RUN: FileCheck %s --check-prefix=ROOT --input-file=%t/root.err
// RUN: diff %s %t/proj/a.cu
// ROOT: table.h:[[#LINE:]]:22: error: use 'template' keyword to treat 'view' as a dependent template name
// ROOT: table.h:[[#LINE]]:22: note: nvcc accepts a dependent member template named without 'template'; Clang needs 'template' before 'view' here, and cuda-lower inserts it only in the project's files: this file is outside the project root (add its directory with --in-root), or write 'template' here, which both compilers accept
// ROOT: error: the {{host|device}} compilation pass did not parse; nothing was written

// A system header under the root is not the project's either.
// RUN: %expect-exit 3 %cuda-lower %t/proj/a.cu --in-root %t -- -isystem %t/lib 2> %t/sys.err
// RUN: FileCheck %s --check-prefix=SYSTEM --input-file=%t/sys.err
// SYSTEM: note: {{.*}}: this is a system header (include its directory with -I, not -isystem), or write 'template' here

// With the rule off, the parse stops at the error, with a note.
// RUN: %expect-exit 3 %cuda-lower %t/proj/a.cu --in-root %t --disable nvcc-dependent-template -- -I%t/lib 2> %t/off.err
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t/off.err
// OFF: table.h:[[#LINE:]]:22: error: use 'template' keyword to treat 'view' as a dependent template name
// OFF: table.h:[[#LINE]]:22: note: nvcc accepts a dependent member template named without 'template'; Clang does not: write 'template' before the name, which both compilers accept

#include "table.h"

// FIXED: table.h:[[#]]:22: warning: dependent member template 'view' {{.*}} [nvcc-dependent-template]
// FIXED: b.cu:[[#@LINE+4]]:12: warning: dependent member template 'operator()' {{.*}} [nvcc-dependent-template]
// FIXED: b.cu:[[#@LINE+6]]:23: warning: {{.*}}[lower-extended-lambda]
// FIXED: b.cu:[[#@LINE+6]]:24: warning: dependent member template 'view' {{.*}} [nvcc-dependent-template]
template <class F> __device__ int call(const F &f, int x) {
  return f.operator()<2>(x);
}
template <class T> void launch(T *out, int n) {
  fill<<<1, n>>>(out, [] __device__(int i) {
    typename table<T>::view<> v{};
    return call(add{}, i) + v.first;
  });
}
template void launch<int>(int *, int);

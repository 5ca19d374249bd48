int twice(int X) {
  if (X)
    return 2 * X;
  return 0;
}

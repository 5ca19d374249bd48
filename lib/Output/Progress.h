//===--- Progress.h - How far a run over many sources is --------*- C++ -*-===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <string>

namespace cudalower {

/// How progress is shown: a line redrawn in place on a terminal; otherwise
/// (a log) a line per source, for runs of PlainMinimum sources or more (a
/// shorter run's summary says it all); nothing with -q or for a single
/// source.
enum class ProgressStyle { None, Plain, Terminal };

/// Reports sources done, time spent and an estimate of the time left.
class ProgressLine {
public:
  static constexpr size_t PlainMinimum = 10;
  /// \p Step names what is counted when it is not the parse ("verifying").
  ProgressLine(llvm::raw_ostream &OS, size_t Total, ProgressStyle Style,
               llvm::StringRef Step = "");
  /// \p Done sources of Total are done, \p Last the latest.
  void update(size_t Done, llvm::StringRef Last);
  /// Erases the terminal line, so that other output starts on a clean one.
  void clear();
  /// Erases the terminal line for good.
  void finish() { clear(); }

  /// "12s", "3m05s": elapsed and remaining times as the line shows them.
  static std::string formatSeconds(double Seconds);
  /// The time left if the \p Total - \p Done remaining sources take as
  /// long on average as the \p Done ones took in \p Elapsed seconds.
  static double estimateLeft(double Elapsed, size_t Done, size_t Total);

private:
  std::string text(size_t Done, llvm::StringRef Last) const;

  llvm::raw_ostream &OS;
  size_t Total;
  ProgressStyle Style;
  std::string Step;
  bool Drawn = false;
  std::chrono::steady_clock::time_point Start;
};

} // namespace cudalower

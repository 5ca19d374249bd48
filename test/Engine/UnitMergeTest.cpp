#include "Engine/EditCollector.h"
#include "Output/Progress.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

const char *const Header = "/p/shared.cuh";
const char *const Original = "0123456789abcdefghijklmnopqrstuvwxyz\n";

Diagnostic finding(const char *File, unsigned Offset, std::string NewText) {
  Diagnostic D;
  D.Rule = "lower-extended-lambda";
  D.File = File;
  D.Offset = Offset;
  D.Message = "lowered to " + NewText;
  Edit E;
  E.File = File;
  E.Offset = Offset;
  E.Length = 3;
  E.Text = std::move(NewText);
  D.Edits.push_back(std::move(E));
  return D;
}

void finalizeMerged(EditCollector &C) {
  if (llvm::Error E = C.finalize())
    ADD_FAILURE() << llvm::toString(std::move(E));
}

TEST(UnitMergeTest, IdenticalEditsFromTwoUnitsAreMerged) {
  EditCollector C;
  C.recordParsedText(Header, Original);
  C.setUnit("/p/a.cu");
  C.add(finding(Header, 4, "X"));
  C.setUnit("/p/b.cu");
  C.add(finding(Header, 4, "X"));
  finalizeMerged(C);
  EXPECT_EQ(C.diagnostics().size(), 1u);
  EXPECT_FALSE(C.hasErrors());
  EXPECT_EQ(C.replacements().at(Header).size(), 1u);
}

TEST(UnitMergeTest, ConflictingUnitsNameBothAndLeaveTheHeader) {
  EditCollector C;
  C.recordParsedText(Header, Original);
  C.setUnit("/p/a.cu");
  C.add(finding(Header, 4, "A"));
  C.setUnit("/p/b.cu");
  C.add(finding(Header, 4, "B"));
  finalizeMerged(C);
  ASSERT_EQ(C.diagnostics().size(), 2u);
  const Diagnostic &Second = C.diagnostics()[1];
  EXPECT_EQ(Second.Level, DiagLevel::Error);
  EXPECT_NE(Second.Message.find("/p/a.cu and /p/b.cu need different rewrites"),
            std::string::npos)
      << Second.Message;
  EXPECT_EQ(C.unitConflicts().count(Header), 1u);
  EXPECT_EQ(C.replacements().count(Header), 0u);
}

TEST(UnitMergeTest, OneUnitsOwnConflictIsTheRulesConflict) {
  EditCollector C;
  C.recordParsedText(Header, Original);
  C.setUnit("/p/a.cu");
  C.add(finding(Header, 4, "A"));
  C.add(finding(Header, 5, "B"));
  finalizeMerged(C);
  EXPECT_TRUE(C.hasErrors());
  EXPECT_TRUE(C.unitConflicts().empty());
  EXPECT_NE(C.diagnostics()[1].Message.find("conflicts with a fix of"),
            std::string::npos);
  EXPECT_EQ(C.replacements().at(Header).size(), 1u);
}

TEST(ProgressTest, TimesAndEstimate) {
  EXPECT_EQ(ProgressLine::formatSeconds(4.4), "4s");
  EXPECT_EQ(ProgressLine::formatSeconds(185), "3m05s");
  EXPECT_DOUBLE_EQ(ProgressLine::estimateLeft(10, 5, 50), 90);
  EXPECT_DOUBLE_EQ(ProgressLine::estimateLeft(10, 0, 50), 0);
  EXPECT_DOUBLE_EQ(ProgressLine::estimateLeft(10, 50, 50), 0);
}

TEST(ProgressTest, PlainLinePerSourceAndNoneForShortRuns) {
  std::string Log;
  llvm::raw_string_ostream OS(Log);
  ProgressLine Long(OS, 20, ProgressStyle::Plain);
  for (size_t Done = 1; Done <= 20; ++Done)
    Long.update(Done, "/p/a.cu");
  EXPECT_EQ(std::count(Log.begin(), Log.end(), '\n'), 20);
  EXPECT_NE(Log.find("cuda-lower: [7/20] "), std::string::npos);
  EXPECT_NE(Log.find("cuda-lower: [20/20] "), std::string::npos);
  Log.clear();
  ProgressLine Verifying(OS, 10, ProgressStyle::Plain, "verifying");
  Verifying.update(1, "/p/a.cu");
  EXPECT_NE(Log.find("cuda-lower: verifying [1/10] "), std::string::npos);
  Log.clear();
  ProgressLine Short(OS, 3, ProgressStyle::Plain);
  for (size_t Done = 1; Done <= 3; ++Done)
    Short.update(Done, "/p/a.cu");
  EXPECT_TRUE(Log.empty());
}

} // namespace

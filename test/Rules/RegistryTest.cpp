#include "Rules/Registry.h"
#include <gtest/gtest.h>

using namespace cudalower;

namespace {

std::string errorOf(llvm::StringRef Setting) {
  std::string Key, Value;
  return llvm::toString(checkRuleOption(Setting, Key, Value));
}

bool isBool(llvm::StringRef Value) {
  llvm::Expected<bool> B = parseBoolOption(Value);
  if (B)
    return true;
  llvm::consumeError(B.takeError());
  return false;
}

TEST(RuleRegistry, BoolOptionsTakeEverySpellingOfTrueAndFalse) {
  for (llvm::StringRef Yes : {"true", "TRUE", "1", "yes", "On"})
    EXPECT_TRUE(llvm::cantFail(parseBoolOption(Yes))) << Yes.str();
  for (llvm::StringRef No : {"false", "0", "no", "OFF"})
    EXPECT_FALSE(llvm::cantFail(parseBoolOption(No))) << No.str();
  for (llvm::StringRef Bad : {"maybe", "", "2", "truee"})
    EXPECT_FALSE(isBool(Bad)) << Bad.str();
}

TEST(RuleRegistry, ListOptionsHoldIdentifiers) {
  EXPECT_EQ(llvm::cantFail(parseIdentifierListOption(" cuda, nv,,_x1 ")),
            (std::vector<std::string>{"cuda", "nv", "_x1"}));
  EXPECT_TRUE(llvm::cantFail(parseIdentifierListOption("")).empty());
  llvm::Expected<std::vector<std::string>> Bad =
      parseIdentifierListOption("cuda;nv");
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()),
            "'cuda;nv' is not an identifier (expected a comma-separated list "
            "of identifiers)");
}

TEST(RuleRegistry, EveryDeclaredDefaultHasItsType) {
  for (const RuleInfo &R : allRules())
    for (const OptionDecl &O : R.Options()) {
      std::string Key, Value;
      std::string Setting = (R.Name + "." + O.Key + "=" + O.Default).str();
      EXPECT_EQ(llvm::toString(checkRuleOption(Setting, Key, Value)), "")
          << Setting;
      EXPECT_EQ(Key, (R.Name + "." + O.Key).str());
      EXPECT_EQ(Value, O.Default.str());
      EXPECT_FALSE(O.Doc.empty()) << Setting;
    }
}

TEST(RuleRegistry, UnknownKeysAndBadValuesNameTheRuleAndKey) {
  EXPECT_EQ(errorOf("constexpr-global.Bogus=1"),
            "--rule-option 'constexpr-global.Bogus=1': rule "
            "'constexpr-global' has no option 'Bogus' (it takes no options)");
  EXPECT_EQ(errorOf("std-to-cuda-std.Rewrite=1"),
            "--rule-option 'std-to-cuda-std.Rewrite=1': rule "
            "'std-to-cuda-std' has no option 'Rewrite' (valid keys: "
            "RewriteInterfaceTypes, RewriteMoveForward, HeaderFreeMinMax)");
  EXPECT_EQ(errorOf("std-to-cuda-std.RewriteMoveForward=maybe"),
            "--rule-option 'std-to-cuda-std.RewriteMoveForward=maybe': option "
            "'RewriteMoveForward' of rule 'std-to-cuda-std' takes a bool: "
            "'maybe' is not a bool (expected true or false)");
  EXPECT_EQ(errorOf("nope.Key=1"),
            "--rule-option 'nope.Key=1' is not <rule>.<key>=<value>");
  EXPECT_EQ(errorOf("std-to-cuda-std.RewriteMoveForward"),
            "--rule-option 'std-to-cuda-std.RewriteMoveForward' is not "
            "<rule>.<key>=<value>");
}

} // namespace

namespace {

using cudalower::allRules;
using cudalower::PreScanTriggers;
using cudalower::RuleInfo;

// A rule that edits code nvcc needs changed must tell cuda-lower-nvcc's
// pre-scan what to look for, or the wrapper compiles the original without
// the flags and fails with nvcc's error: every rule declares triggers, or
// that nvcc needs none of its edits.
TEST(RuleRegistry, EveryRuleDeclaresWhatThePreScanLooksFor) {
  for (const RuleInfo &R : allRules()) {
    PreScanTriggers T = R.Triggers();
    bool Declared = T.Shapes != PreScanTriggers::None || !T.Words.empty();
    EXPECT_NE(Declared, T.NvccNeedsNone)
        << R.Name.str()
        << ": declare its pre-scan triggers in preScanTriggers(), or set "
           "NvccNeedsNone (and only then)";
  }
}

TEST(RuleRegistry, ThePreScanLooksForWhatTheDefaultRulesDeclare) {
  const cudalower::DefaultTriggers &U = cudalower::defaultPreScanTriggers();
  EXPECT_TRUE(U.Shapes & PreScanTriggers::Lambda);
  auto HasWord = [&](llvm::StringRef W) {
    return llvm::any_of(U.Words, [&](const PreScanTriggers::Word &X) {
      return X.Identifier == W;
    });
  };
  EXPECT_TRUE(HasWord("std"));
  EXPECT_TRUE(HasWord("constexpr"));
  EXPECT_TRUE(HasWord("__CUDACC_EXTENDED_LAMBDA__"));
  // Each word once, however many rules declare it.
  size_t Std = llvm::count_if(U.Words, [](const PreScanTriggers::Word &X) {
    return X.Identifier == "std";
  });
  EXPECT_EQ(Std, 1u);
}

TEST(RuleRegistry, OwnershipFollowsTheEnabledRulesClaims) {
  llvm::StringSet<> Enabled;
  Enabled.insert("std-to-cuda-std");
  cudalower::FindingOwners O = cudalower::ownersFor(Enabled);
  EXPECT_TRUE(O.StdRuleOwnsStdCallees);
  EXPECT_FALSE(O.ConstexprRuleOwnsConstexprCallees);
  EXPECT_FALSE(O.LambdaRuleLowersPlainLambdas);
  Enabled.insert("lower-extended-lambda");
  Enabled.insert("exec-space-lambda-to-device");
  Enabled.insert("constexpr-host-call");
  O = cudalower::ownersFor(Enabled);
  EXPECT_TRUE(O.LambdaRuleLowersPlainLambdas);
  EXPECT_TRUE(O.PlainLambdasBecomeDevice);
  EXPECT_TRUE(O.ConstexprRuleOwnsConstexprCallees);
}

} // namespace

# The club around the table: reliability beside a name, and the setting that hides it.
reliability-line = { $finished ->
    [one] 1 game finished
   *[other] { $finished } games finished
} · { $missed ->
    [one] 1 deadline missed
   *[other] { $missed } deadlines missed
} · { $resigned ->
    [one] 1 resignation
   *[other] { $resigned } resignations
} · { $abandoned ->
    [one] 1 game left to a bot
   *[other] { $abandoned } games left to a bot
}
reliability-label = Reliability
reliability-setting = Show my reliability (games finished, deadlines missed, resignations, games left to a bot) beside my name
reliability-setting-help = It is counted from your games, never typed in. Hiding it also closes games whose creator asks for a minimum to you.

alias Moorings.Repo
alias Moorings.Harbour.Berth

for pontoon <- ~w(A B C), n <- 1..12 do
  Repo.insert!(%Berth{pontoon: pontoon, number: n, max_length_m: Decimal.new("#{8 + rem(n, 5) * 2}"), nightly_rate_cents: 2500 + n * 100})
end

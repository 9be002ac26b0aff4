defmodule Moorings.Workers.ReservationReminderWorkerTest do
  use Moorings.DataCase, async: true
  use Oban.Testing, repo: Moorings.Repo
  import Swoosh.TestAssertions
  import Moorings.{AccountsFixtures, HarbourFixtures}
  alias Moorings.Workers.ReservationReminderWorker

  test "emails members arriving in two days" do
    start = Date.add(Date.utc_today(), 2)
    reservation_fixture(user_fixture(), berth_fixture(), %{starts_on: start, ends_on: Date.add(start, 3)})
    assert :ok = perform_job(ReservationReminderWorker, %{})
    assert_email_sent(subject: ~r/Votre arrivée/)
  end
end

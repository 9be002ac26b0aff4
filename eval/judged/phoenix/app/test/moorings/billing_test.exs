defmodule Moorings.BillingTest do
  use Moorings.DataCase, async: true
  import Moorings.{AccountsFixtures, HarbourFixtures}
  alias Moorings.Billing

  test "invoice_reservation/1 bills every night and confirms the reservation" do
    r = reservation_fixture(user_fixture(), berth_fixture(%{nightly_rate_cents: 3000}))
    assert {:ok, %{invoice: invoice, reservation: confirmed}} = Billing.invoice_reservation(r)
    assert invoice.amount_cents == 4 * 3000
    assert confirmed.status == :confirmed
  end
end

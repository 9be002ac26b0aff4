defmodule Moorings.HarbourTest do
  use Moorings.DataCase, async: true
  import Moorings.{AccountsFixtures, HarbourFixtures}
  alias Moorings.Harbour

  describe "available_berths/3" do
    test "excludes berths with an overlapping reservation" do
      user = user_fixture()
      taken = berth_fixture()
      free = berth_fixture()
      reservation_fixture(user, taken)

      ids = Harbour.available_berths(~D[2025-07-03], ~D[2025-07-04], Decimal.new("9")) |> Enum.map(& &1.id)
      assert free.id in ids
      refute taken.id in ids
    end
  end

  test "reserve_berth/3 refuses an end date before the start date" do
    assert {:error, cs} = Harbour.reserve_berth(user_fixture(), berth_fixture(), %{starts_on: ~D[2025-07-05], ends_on: ~D[2025-07-01], boat_name: "X", boat_length_m: "8"})
    assert "must be after the start date" in errors_on(cs).ends_on
  end
end

defmodule Moorings do
  @moduledoc """
  Moorings keeps the contexts that define the domain: accounts, the harbour
  (berths and reservations) and billing.
  """
end

defmodule Moorings.Workers.ReservationReminderWorker do
  use Oban.Worker, queue: :mailers, max_attempts: 5

  alias Moorings.{Harbour, Mailer}
  import Swoosh.Email

  @impl Oban.Worker
  def perform(%Oban.Job{}) do
    Date.utc_today()
    |> Date.add(2)
    |> Harbour.reservations_starting_on()
    |> Enum.each(fn r ->
      new()
      |> to({r.user.full_name, r.user.email})
      |> from({"Port de Pen-Bron", "capitainerie@penbron.fr"})
      |> subject("Votre arrivée au ponton #{r.berth.pontoon}")
      |> text_body("Bonjour, nous vous attendons le #{r.starts_on} (place #{r.berth.number}).")
      |> Mailer.deliver()
    end)

    :ok
  end
end

defmodule Moorings.Workers.InvoiceOverdueWorker do
  use Oban.Worker, queue: :billing, max_attempts: 3, unique: [period: 3600]

  require Logger
  alias Moorings.Billing

  @impl Oban.Worker
  def perform(%Oban.Job{}) do
    overdue = Billing.overdue_invoices()
    Logger.info("#{length(overdue)} overdue invoices")
    :ok
  end
end

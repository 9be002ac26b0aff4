require "rails_helper"

RSpec.describe OrderConfirmationJob, type: :job do
  it "is enqueued on the mailers queue" do
    expect { described_class.perform_later(1) }.to have_enqueued_job.on_queue("mailers")
  end
end

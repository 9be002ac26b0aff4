require "rails_helper"

RSpec.describe Listing, type: :model do
  it { is_expected.to validate_presence_of(:title) }
  it { is_expected.to belong_to(:seller).class_name("User") }

  describe "#publish!" do
    it "marks the listing published" do
      listing = create(:listing)
      listing.publish!
      expect(listing.reload).to be_published
    end
  end
end

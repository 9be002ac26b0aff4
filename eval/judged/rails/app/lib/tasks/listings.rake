namespace :listings do
  desc "Archive listings unsold for 90 days"
  task archive_stale: :environment do
    Listing.published.where(published_at: ...90.days.ago).find_each(&:archived!)
  end
end
